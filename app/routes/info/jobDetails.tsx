import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadDetailPage } from '#server/screens/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadDetailPage(args, 'job');
export { ArticleDetailRoute as default, articleDetailMeta as meta } from '#app/components/content/Articles';
export { staticHandle as handle } from '#app/lib/handles';
