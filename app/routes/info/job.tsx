export { loader } from './job.server';
export { ArticleListRoute as default, articleListMeta as meta } from '#app/components/content/Articles';
export { staticHandle as handle } from '#app/lib/handles';
