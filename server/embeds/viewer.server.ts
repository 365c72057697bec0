/**
 * Who is looking at an embed page (docs/decisions/0089): the site's own signed-in person when the
 * frame gets the site's cookies (a first-party visit), else the person its embed session names.
 * The grant a frame collects becomes that session.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { SessionUser } from '#app/lib/identity/types';
import { getSessionUser } from '#server/identity/index.server';
import { EMBED_SESSION_COOKIE, embedSessionCookie, readEmbedSession, signEmbedSession } from './session.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

/** The embed session cookie's value from a Cookie header (base64url and a dot: nothing to decode). */
function embedCookie(header: string | null): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === EMBED_SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

export interface EmbedViewer {
  user: SessionUser | null;
  /** site: the site's own session; embed: the frame's embed session; null: nobody. */
  via: 'site' | 'embed' | null;
}

export async function embedViewer(args: Args): Promise<EmbedViewer> {
  const site = await getSessionUser(args);
  if (site) return { user: site, via: 'site' };
  const value = embedCookie(args.request.headers.get('Cookie'));
  if (!value) return { user: null, via: null };
  const user = readEmbedSession(await args.context.data.guests.cookieSecret(), args.context.tenant.id, value);
  return user ? { user, via: 'embed' } : { user: null, via: null };
}

/** The Set-Cookie header that starts the frame's embed session for `user`. */
export async function startEmbedSession(args: Args, user: SessionUser): Promise<string> {
  return embedSessionCookie(signEmbedSession(await args.context.data.guests.cookieSecret(), args.context.tenant.id, user));
}

/** The Set-Cookie header that ends it. */
export const endEmbedSession = () => embedSessionCookie('');
