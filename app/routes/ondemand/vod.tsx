import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CatalogScreen } from '#app/components/ondemand/CatalogScreen';
import { formHeaders } from '#app/components/forms/headers';
import { staticHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './vod.server';

/**
 * /vod: the tenant's published videos library (docs/PRODUCT.md, Media; docs/decisions/0032).
 * Signed-out visitors get it without the client app: its search is a GET form, its pages links
 * (docs/decisions/0069).
 */
export { loader } from './vod.server';
export const handle = staticHandle('ondemand');
export const headers = formHeaders;

export default function Vod() {
  return <CatalogScreen data={useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
