import { json } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import type { LoaderFunctionArgs } from '@remix-run/node';

/** Every path the route table does not hold: the tenant-branded 404 page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.languageTag);
  return json({ title: t('notFound.title') }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}
