import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadDetailPage } from '#server/screens/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadDetailPage(args, 'job');
