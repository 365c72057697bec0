export { loader } from './newsDetails.server';
export { ArticleDetailRoute as default, articleDetailMeta as meta } from '#app/components/content/Articles';
export { staticHandle as handle } from '#app/lib/handles';
