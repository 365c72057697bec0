export { loader } from './company.server';
export { ContentRoute as default, contentMeta as meta } from '#app/components/content/ContentPageView';
export { staticHandle as handle } from '#app/lib/handles';
