import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadListPage } from '#server/screens/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadListPage(args, 'news');
