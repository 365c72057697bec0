import type { MetaDescriptor } from '@remix-run/node';
import type { RootData } from './rootData';

/**
 * The full meta set of a document: title, description and Open Graph tags. A route passes its own
 * title/description; the tenant's SEO defaults fill the rest (Remix replaces, not merges, meta).
 */
export function documentMeta(root: RootData | undefined, page?: { title?: string; description?: string }): MetaDescriptor[] {
  if (!root) return [{ title: 'Unavailable' }];
  const title = page?.title ? `${page.title} | ${root.seo.siteName}` : root.seo.title;
  const description = page?.description || root.seo.description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: root.seo.siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: root.seo.url },
    { property: 'og:locale', content: root.locale.replace('-', '_') },
    { name: 'twitter:card', content: root.seo.ogImage ? 'summary_large_image' : 'summary' },
    { name: 'theme-color', content: root.theme.colors.brand['600'] },
  ];
  if (root.seo.ogImage) tags.push({ property: 'og:image', content: root.seo.ogImage });
  return tags;
}

/** For route meta functions: finds the root data among the matches. */
export function rootFromMatches(matches: ReadonlyArray<{ id: string; data: unknown }>): RootData | undefined {
  return matches.find((m) => m.id === 'root')?.data as RootData | undefined;
}
