/** The loader both libraries share (/vod, /aod): who is looking, the URL's query, one page. */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { parseCatalogQuery, type CatalogKind } from '#app/lib/ondemand/catalog';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { catalogPage } from './catalog.server';
import { NO_STORE } from '#server/http/responses.server';

/** Each viewer sees their own selection: never cached, never shared. */

export async function catalogLoader(args: LoaderFunctionArgs, kind: CatalogKind, path: '/vod' | '/aod') {
  const { context, request } = args;
  const viewer = await getSessionUser(args);
  const query = parseCatalogQuery(new URL(request.url).searchParams);
  const page = await catalogPage(context.data, viewer, kind, query, context.language);
  const t = await getFixedT(context.languageTag);
  const title = t(kind === 'video' ? 'ondemand.vod.title' : 'ondemand.aod.title');
  return json({ kind, path, query, ...page, signedIn: viewer !== null, title }, { headers: NO_STORE });
}
