import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { tenantOrigin } from '#server/config/tenantOrigin.server';
import { socialScreenData } from '#server/identity/screens/socialScreen.server';
import { clearStateCookie, completeSocialSignIn, hostedSignInBase, isSocialSignInError, type SocialErrorCode } from '#server/identity/social/flow.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, services, env } = context;
  const url = new URL(request.url);
  const screen = await socialScreenData({ request, context }, 'signIn');
  const page = (error: SocialErrorCode | null) => ({ ...screen, error });
  const params = url.searchParams;
  if (!params.has('code') && !params.has('error') && !params.has('state')) {
    return json(page(null), { headers: { 'Cache-Control': 'private, no-store' } });
  }

  const secure = url.protocol === 'https:';
  const failed = (code: SocialErrorCode, status = 400) => {
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    headers.append('Set-Cookie', clearStateCookie(secure));
    return json(page(code), { status, headers });
  };
  const pool = services.identity.poolFor(tenant);
  const hostedBase = hostedSignInBase(tenant, env);
  if (!pool || !hostedBase) return failed('unavailable', 503);
  try {
    const result = await completeSocialSignIn({
      data: context.data,
      identity: services.identity,
      tenant,
      pool,
      hostedBase,
      origin: tenantOrigin(tenant, env),
      query: params,
      cookieHeader: request.headers.get('Cookie'),
    });
    const headers = new Headers({ 'Cache-Control': 'private, no-store' });
    for (const cookie of result.setCookies) headers.append('Set-Cookie', cookie);
    return redirect(result.location, { headers });
  } catch (e) {
    if (isSocialSignInError(e)) return failed(e.code, e.code === 'unavailable' ? 503 : 400);
    console.error(`[social] ${tenant.id}: sign-in failed: ${(e as Error).stack ?? String(e)}`);
    return failed('unavailable', 503);
  }
}
