import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadContentPage } from '#server/screens/contentPage.server';

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, 'cdeVerified');
export { ContentRoute as default, contentMeta as meta } from '#app/components/content/ContentPageView';
export { staticHandle as handle } from '#app/lib/handles';
