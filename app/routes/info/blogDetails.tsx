import { staticHandle } from '#app/lib/handles';
export { loader } from './blogDetails.server';
export { ArticleDetailRoute as default, articleDetailMeta as meta } from '#app/components/content/Articles';
export const handle = staticHandle('articles', 'infoAside');
