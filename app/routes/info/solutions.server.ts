import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadContentPage } from '#server/site/contentPage.server';

export const loader = (args: LoaderFunctionArgs) => loadContentPage(args, 'solutions');
