import { staticHandle } from '#app/lib/handles';
export { loader } from './news.server';
export { ArticleListRoute as default, articleListMeta as meta } from '#app/components/content/Articles';
export const handle = staticHandle('articles', 'infoAside');
