import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadListPage } from '#server/site/articles.server';

export const loader = (args: LoaderFunctionArgs) => loadListPage(args, 'blog');
