import { json, type LoaderFunctionArgs } from '@remix-run/node';
import type { ContentPage } from '#app/lib/config/content';

/** Loader for a page written in the tenant's markdown (or a platform template): 404 when missing. */
export function loadContentPage({ context }: LoaderFunctionArgs, page: ContentPage) {
  const content = context.services.content.page(context.tenant, context.language, page);
  if (!content) throw new Response('Not found', { status: 404 });
  return json({ page: content });
}
