/**
 * The rule the entitlement matrix holds every route to (server/entitlement/access.server.ts
 * hasEventAccess; app/route-table.js `Serves`): which callers of a paid event may have what a
 * route serves, what a refused caller may be answered, and which of the event's markers each
 * caller may see anywhere.
 */
import type { Serves } from './catalog';
import type { RawResponse } from './http';
import type { Problem } from './runner';

/** Everyone the matrix asks as: nobody, members with and without a ticket or replay, the event's staff, another organizer. */
export const CALLER_ROLES = ['anonymous', 'member', 'otherOrganizer', 'replayHolder', 'ticketHolder', 'host', 'organizer', 'admin'] as const;
export type CallerRole = (typeof CALLER_ROLES)[number];

const STAFF: readonly CallerRole[] = ['host', 'organizer', 'admin'];

/** Who each rule lets have the content; everyone else is refused. Public and own answer anyone (the leak rule alone holds them). */
export const ALLOWED: Record<Exclude<Serves, 'public' | 'own'>, ReadonlySet<CallerRole>> = {
  live: new Set(['ticketHolder', ...STAFF]),
  replay: new Set(['ticketHolder', 'replayHolder', ...STAFF]),
  staff: new Set(STAFF),
  organizer: new Set(['organizer', 'admin']),
};

export const answersAnyone = (serves: Serves): serves is 'public' | 'own' => serves === 'public' || serves === 'own';

export function isAllowed(serves: Serves, role: CallerRole): boolean {
  return answersAnyone(serves) || ALLOWED[serves].has(role);
}

/**
 * A text of the paid event's content (a title, a chat line, bytes of a segment) or one of its
 * ids (a media id, a segment's folder, a chat file's key), and who may see it. The event's public
 * face (title, description, id) is no marker: its public pages show it to anyone.
 */
export interface Marker {
  text: string;
  /** What it is, for the failure message ("the recording's title"). */
  what: string;
  visibleTo: ReadonlySet<CallerRole>;
  /** An id: not a leak when the request itself carried it (a refusal may repeat its URL). */
  id?: boolean;
}

export interface Caller {
  role: CallerRole;
  as: string;
  cookie?: string;
}

export function textOf(res: RawResponse): string {
  return `${Object.entries(res.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n${res.body.toString('utf8')}`;
}

/** The markers in `answer` this caller may not see (ids the request carried aside). */
export function leakedMarkers(markers: readonly Marker[], role: CallerRole, answer: string, sent: string): Marker[] {
  return markers.filter((m) => !m.visibleTo.has(role) && !(m.id && sent.includes(m.text)) && answer.includes(m.text));
}

export function describeLeak(status: number | string, leaked: readonly Marker[]): Problem {
  return { kind: 'leaks', text: `${status} shows ${leaked.map((m) => `${m.what} (${JSON.stringify(m.text)})`).join(', ')}` };
}

/** Pages a refused caller may be sent to instead: sign-in, and the event's public page or lobby. */
const REFUSAL_PATHS = new Set(['/signIn', '/preview', '/ety']);

function redirectPath(res: RawResponse): string | null {
  if (res.status < 300 || res.status >= 400 || !res.headers.location) return null;
  return new URL(res.headers.location, 'http://x.invalid').pathname;
}

/**
 * A refusal: 401/403/404, or a redirect to sign in (a signed-out caller) or to the event's public
 * page. A write (`write`) may also be refused for its body (any 4xx): it served nothing.
 */
export function isRefusal(res: RawResponse, signedOut: boolean, write = false): boolean {
  if ([401, 403, 404].includes(res.status) || (write && res.status >= 400 && res.status < 500)) return true;
  const path = redirectPath(res);
  if (path === null) return false;
  return path === '/signIn' ? signedOut : REFUSAL_PATHS.has(path);
}

/** An answer with the content: 2xx, or a redirect that is not a refusal (a signed storage link). */
export function isServed(res: RawResponse, signedOut: boolean): boolean {
  if (res.status >= 200 && res.status < 300) return true;
  return res.status >= 300 && res.status < 400 && !isRefusal(res, signedOut);
}

/** The status half of the rule for one declared request; null when the answer fits it. */
export function statusProblem(serves: Serves, caller: Caller, res: RawResponse, write = false): Problem | null {
  if (res.status >= 500 || answersAnyone(serves)) return null;
  const signedOut = caller.role === 'anonymous';
  const where = `${res.status}${res.headers.location ? ` → ${res.headers.location.slice(0, 120)}` : ''}`;
  if (isAllowed(serves, caller.role)) {
    return isServed(res, signedOut) ? null : { kind: 'other', text: `answered ${where}: refused a caller the ${serves} rule admits` };
  }
  return isRefusal(res, signedOut, write) ? null : { kind: 'other', text: `answered ${where}: served a caller the ${serves} rule refuses (expected ${write ? 'a 4xx' : `401/403/404${signedOut ? ' or sign-in' : ''}`})` };
}
