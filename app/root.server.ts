import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { publicTenant, localize } from '#app/lib/config/tenant';
import { themeStylesheet } from '#server/config/themeStylesheet.server';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { intlLocale } from '#app/lib/i18n/variants';
import { catalogueHash } from '#server/i18n.server';
import type { RootData } from '#app/lib/rootData';
import { getSessionUser, publicIdentityConfig } from '#server/identity/session.server';
import { requestCart } from '#server/commerce/shop/cart.server';
import { accountName } from '#server/identity/accountName.server';
import { catalogue } from '#server/i18n.server';
import { isServiceUnavailable, outageResponse } from '#server/platform/unavailable.server';

export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  const { tenant, theme, language, languageTag } = context;
  const url = new URL(request.url);
  const base = {
    tenant: publicTenant(tenant),
    theme,
    language,
    languageTag,
    locale: intlLocale(languageTag),
    translationsHash: catalogueHash(languageTag),
    themeStylesheet: themeStylesheet(theme).href,
    identity: publicIdentityConfig(args),
    seo: {
      title: localize(tenant.seo.title, language, tenant.languages.default),
      description: localize(tenant.seo.description, language, tenant.languages.default),
      // Absolute addresses that crawlers and link previews keep: the tenant's own site, never the request's Host.
      ogImage: tenant.seo.ogImage ? tenantUrl(tenant, context.env, `/brand/${tenant.seo.ogImage}`) : null,
      url: tenantUrl(tenant, context.env, url.pathname),
      siteName: tenant.displayName,
    },
  };
  try {
    // The shared shell of a gated page names no one (docs/decisions/0024). The cart count is
    // rendered on the server (static pages show it too). A plain anonymous visit has no cart
    // (nothing read; the render cache keeps count 0); a cart cookie skips that cache.
    const user = context.shell ? null : await getSessionUser(args);
    const cart = context.shell ? null : { count: (await requestCart(args)).cartItemsCnt };
    const data: RootData = { ...base, user, account: user ? await accountName(context.data, user) : null, cart };
    return json(data);
  } catch (e) {
    // An outage still gets the tenant's branded page: the brand travels with the 503 (app/lib/rootData.ts).
    if (!isServiceUnavailable(e)) throw e;
    const root: RootData = { ...base, user: null, account: null, cart: null };
    throw outageResponse(e.service, catalogue(languageTag).unavailable, { root });
  }
}
