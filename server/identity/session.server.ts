import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { AMPLIFY_COOKIE_PREFIX, type Group, type PublicIdentityConfig, type SessionUser } from '#app/lib/identity/types';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      cookies.set(decodeURIComponent(name), decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      cookies.set(name, part.slice(eq + 1).trim());
    }
  }
  return cookies;
}

/** The tenant's identity settings for the browser, or null when the tenant has no user pool. */
export function publicIdentityConfig({ request, context }: Args): PublicIdentityConfig | null {
  const pool = context.services.identity.poolFor(context.tenant);
  if (!pool) return null;
  return {
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.appClientId,
    region: pool.region,
    endpoint: `${new URL(request.url).origin}/api/identity`,
  };
}

const sessions = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, from Amplify's token cookies, verified against the tenant's
 * pool (signature, issuer, client, expiry, tenant, global sign-out). Once per request.
 */
export function getSessionUser({ request, context }: Args): Promise<SessionUser | null> {
  let pending = sessions.get(request);
  if (!pending) {
    pending = (async () => {
      const pool = context.services.identity.poolFor(context.tenant);
      if (!pool) return null;
      const cookies = parseCookies(request.headers.get('Cookie'));
      const base = `${AMPLIFY_COOKIE_PREFIX}.${pool.appClientId}`;
      const username = cookies.get(`${base}.LastAuthUser`);
      if (!username) return null;
      const idToken = cookies.get(`${base}.${username}.idToken`) ?? '';
      const accessToken = cookies.get(`${base}.${username}.accessToken`) ?? '';
      const session = await context.services.identity.verifySession(context.tenant, idToken, accessToken);
      return session ? { sub: session.sub, username: session.username, email: session.email, emailVerified: session.emailVerified, groups: session.groups, givenName: session.givenName ?? null, familyName: session.familyName ?? null, fullName: session.fullName ?? null } : null;
    })();
    sessions.set(request, pending);
  }
  return pending;
}

/** Guard: the signed-in user, or a redirect to /signIn that comes back here afterwards. */
export async function requireUser(args: Args): Promise<SessionUser> {
  const user = await getSessionUser(args);
  if (!user) {
    const url = new URL(args.request.url);
    throw redirect(`/signIn?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Guard: a signed-in member of one of the groups, else 403 (signed-out visitors go to /signIn). */
export async function requireGroup(args: Args, ...groups: Group[]): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!groups.some((g) => user.groups.includes(g))) throw new Response('Forbidden', { status: 403 });
  return user;
}
