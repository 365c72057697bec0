import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadDetailPage } from './articles.server';

export const loader = (args: LoaderFunctionArgs) => loadDetailPage(args, 'blog');
export { ArticleDetailRoute as default, articleDetailMeta as meta } from '~/components/content/Articles';
export { staticHandle as handle } from '~/lib/handles';
