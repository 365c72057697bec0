import { staticHandle } from '#app/lib/handles';
export { loader } from './cdeVerified.server';
export { ContentRoute as default, contentMeta as meta } from '#app/components/content/ContentPageView';
export const handle = staticHandle('infoAside');
