import { json, type LoaderFunctionArgs } from '@remix-run/node';

export async function loader({ context }: LoaderFunctionArgs) {
  const page = context.services.content.page(context.tenant, context.language, 'support');
  if (!page) throw new Response('Not found', { status: 404 });
  return json({ page: { title: page.title, description: page.description, html: page.html } });
}
