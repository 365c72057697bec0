import { json, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { DEFAULT_HOME, type Hero } from '#app/lib/config/home';
import type { HeroCta, HeroView, HomeSectionView } from '#app/lib/home/view';
import { isSharedWith } from '#server/media/data/mediaShared.server';
import { mediaAccess } from '#server/media/access.server';
import { homeImage, loadSection } from '#server/site/homeSections.server';

/** The hero video link must outlive a cached render of the page (docs/decisions/0002). */
const VIDEO_URL_SECONDS = 3600;

function asCta(value: unknown): HeroCta | null {
  if (!value || typeof value !== 'object') return null;
  const { label, to } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof to === 'string' && to.startsWith('/') ? { label, to } : null;
}

/**
 * A library video plays only when it is public and finished (what an anonymous visitor may see);
 * otherwise the hero shows its poster alone.
 */
async function libraryVideoUrl(context: AppLoadContext, mediaId: string): Promise<string | null> {
  try {
    const item = await context.data.media.get(mediaId);
    if (!item || item.kind !== 'video' || !item.derived.mp4 || !(await isSharedWith(mediaAccess(context.data, null), item))) return null;
    return await context.data.files.presignDownload({ key: item.derived.mp4.key, expiresIn: VIDEO_URL_SECONDS });
  } catch (error) {
    console.error('reading the home hero video failed', error);
    return null;
  }
}

/** The hero's picture or video for the page language; a library video only when an anonymous visitor may see it. */
export async function heroVisual(context: AppLoadContext, hero: Hero): Promise<HeroView['visual']> {
  switch (hero.style) {
    case 'banner':
      return { style: 'banner' };
    case 'image':
      return { style: 'image', image: homeImage(context, hero.image) };
    case 'video':
      return {
        style: 'video',
        poster: homeImage(context, hero.poster),
        videoSrc: hero.video ? `/brand/${hero.video}` : await libraryVideoUrl(context, hero.mediaId!),
      };
    case 'split':
      return { style: 'split', image: homeImage(context, hero.image), imageSide: hero.imageSide };
    case 'centred':
      return { style: 'centred', pattern: hero.pattern, image: hero.image ? homeImage(context, hero.image) : null };
  }
}

/**
 * The home page: the hero's words and calls to action from the tenant's home.md, its look and the
 * sections that follow from the tenant's home layout (tenant.json `home`, docs/decisions/0038).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const page = context.services.content.page(context.tenant, context.language, 'home');
  if (!page) throw new Response('Not found', { status: 404 });
  const layout = context.tenant.home ?? DEFAULT_HOME;
  const [visual, sections] = await Promise.all([
    heroVisual(context, layout.hero),
    Promise.all(layout.sections.map((section) => loadSection(context, section, page.html))),
  ]);
  const hero: HeroView = {
    eyebrow: typeof page.meta.eyebrow === 'string' ? page.meta.eyebrow : null,
    headline: page.title,
    lead: page.description || null,
    primary: asCta(page.meta.primaryCta),
    secondary: asCta(page.meta.secondaryCta),
    visual,
  };
  return json({
    hero,
    sections: sections.filter((s): s is HomeSectionView => s !== null),
    timeZone: context.tenant.timeZone,
  });
}
