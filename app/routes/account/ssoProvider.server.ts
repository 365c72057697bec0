import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { parseProviderPath } from '#app/lib/social/providers';
import { safeRedirect } from '#app/lib/safeRedirect';
import { tenantOrigin } from '#server/config/tenantOrigin.server';
import { getFixedT } from '#server/i18n.server';
import { hostedSignInBase, startSocialSignIn } from '#server/identity/social/flow.server';
import { SIGNED_IN_LANDING } from '#app/lib/nav';

/**
 * The fourteen /ssoSignIn{Provider} and /ssoSignUp{Provider} paths. An enabled provider starts the
 * hosted sign-in (state + PKCE on the server, then a redirect to <hosted>/oauth2/authorize); a
 * provider this tenant has not enabled gets a clear page (404) with the methods it does offer,
 * never a redirect.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, services, env } = context;
  const url = new URL(request.url);
  const route = parseProviderPath(url.pathname);
  if (!route) throw new Response('Not found', { status: 404 });
  const { provider, mode } = route;
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), SIGNED_IN_LANDING);
  const t = await getFixedT(context.languageTag);
  const headers = { 'Cache-Control': 'private, no-store' };
  const page = (kind: 'unavailable' | 'notConfigured') => ({
    kind,
    mode,
    title:
      kind === 'unavailable'
        ? t(mode === 'signIn' ? 'social.unavailableSignIn' : 'social.unavailableSignUp', { provider })
        : t('social.notConfiguredTitle'),
    lead: kind === 'unavailable' ? t('social.unavailableLead', { site: tenant.displayName, provider }) : t('social.notConfiguredLead'),
    providers: kind === 'unavailable' ? tenant.signIn.socialProviders : [],
    redirectTo,
  });

  if (!tenant.signIn.socialProviders.includes(provider)) return json(page('unavailable'), { status: 404, headers });
  const pool = services.identity.poolFor(tenant);
  const hostedBase = hostedSignInBase(tenant, env);
  if (!pool || !hostedBase) return json(page('notConfigured'), { status: 503, headers });
  const started = await startSocialSignIn({ data: context.data, pool, hostedBase, origin: tenantOrigin(tenant, env), provider, mode, redirectTo });
  return redirect(started.authorizeUrl, { headers: { ...headers, 'Set-Cookie': started.setCookie } });
}
