import type { LoaderFunctionArgs } from '@remix-run/node';

export function loader(_args: LoaderFunctionArgs) {
  throw new Response('Not found', { status: 404 });
}
