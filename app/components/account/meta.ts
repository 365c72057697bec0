import type { MetaFunction } from '@remix-run/node';
import { documentMeta, rootFromMatches } from '#app/lib/meta';

/** Title from the screen's loader (`data.title`), the tenant's SEO defaults for the rest; never indexed. */
export const accountMeta: MetaFunction = ({ data, matches }) => [
  ...documentMeta(rootFromMatches(matches), { title: (data as { title?: string } | undefined)?.title }),
  { name: 'robots', content: 'noindex' },
];
