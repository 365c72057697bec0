import type { LoaderFunctionArgs } from '@remix-run/node';
import { openApiDocument } from '#server/publicApi/index.server';

/** The document for this site (its servers[] names the host asked), open to anyone: it holds no data. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  Response.json(openApiDocument(new URL(request.url).origin), { headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' } });
