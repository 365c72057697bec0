import type { MetaFunction } from '@remix-run/node';
import { ErrorPage } from '#app/components/shell/ErrorPage';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './fallback.server';
import { staticHandle } from '#app/lib/handles';

export { loader } from './fallback.server';

export const handle = staticHandle();

export default function Fallback() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...documentMeta(rootFromMatches(matches), { title: data?.title }),
  { name: 'robots', content: 'noindex' },
];
