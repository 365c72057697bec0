import type { LoaderFunctionArgs } from '@remix-run/node';
import { referencePage } from '#server/publicApi/index.server';

export const loader = ({ request }: LoaderFunctionArgs) => referencePage(new URL(request.url).origin);
