import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadContentPage } from '#server/screens/contentPage.server';

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, 'cdeVerified');
