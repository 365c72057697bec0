import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadListPage } from '#server/screens/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadListPage(args, 'blog');
export { ArticleListRoute as default, articleListMeta as meta } from '#app/components/content/Articles';
export { staticHandle as handle } from '#app/lib/handles';
