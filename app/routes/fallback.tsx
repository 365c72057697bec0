import { json, type MetaFunction } from '@remix-run/node';
import { ErrorPage } from '~/components/shell/ErrorPage';
import { documentMeta, rootFromMatches } from '~/lib/meta';
import { getFixedT } from '~/lib/i18n.server';
import type { LoaderFunctionArgs } from '@remix-run/node';

/** Every path the route table does not hold: the tenant-branded 404 page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  return json({ title: t('notFound.title') }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
}

export { staticHandle as handle } from '~/lib/handles';

export default function Fallback() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...documentMeta(rootFromMatches(matches), { title: data?.title }),
  { name: 'robots', content: 'noindex' },
];
