import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadDetailPage } from '#server/site/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadDetailPage(args, 'job');
