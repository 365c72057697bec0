import { json, type MetaFunction } from '@remix-run/node';
import { ErrorPage } from '#app/components/shell/ErrorPage';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { getFixedT } from '#server/i18n.server';
import type { LoaderFunctionArgs } from '@remix-run/node';

/** Every path the route table does not hold: the tenant-branded 404 page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  return json({ title: t('notFound.title') }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export { staticHandle as handle } from '#app/lib/handles';

export default function Fallback() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...documentMeta(rootFromMatches(matches), { title: data?.title }),
  { name: 'robots', content: 'noindex' },
];
