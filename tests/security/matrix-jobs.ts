/**
 * The cross-tenant matrix's requests, generated from the endpoint catalog. For each caller on
 * tenant B's host (B's own session, A's session cookies, nobody):
 *  - every declared id placement (route table `ids`) alone, holding A's object: the answer must
 *    be 401/403/404 (signed out: or a redirect to sign-in) and name nothing of A;
 *  - every route, with EVERY known id placement at once (query, JSON body, form body): nothing of
 *    A may appear, so a route that reads an id it never declared is still caught leaking.
 */
import { CHAT_FRAME_IDS } from '#server/endpoints';
import type { Endpoint, IdKind, IdParams } from './catalog';
import type { SeededTenant } from './matrix-seed';
import type { RawRequest, RawResponse } from './http';
import type { Job, Problem } from './runner';

export interface MatrixCaller {
  as: string;
  cookie?: string;
  bearer?: string;
  /** A signed-out caller may be sent to sign in instead of a 401/403/404. */
  signedOut: boolean;
}

export interface MatrixContext {
  /** Tenant B's host and origin on the matrix's app instance. */
  host: string;
  origin: string;
  seeded: SeededTenant;
  callers: MatrixCaller[];
}

/** Fields a body needs besides the ids for the request to reach its id lookup (zod objects ignore the rest). */
const JSON_FILLER = {
  intent: 'block',
  kind: 'attachment',
  name: 'notes.txt',
  type: 'text/plain',
  size: 10,
  projectionExpression: 'ResourceCode,ResourceDesc',
  request: { method: 'PUT', key: 'media/x/original.bin' },
};
const FORM_FILLER = { intent: 'cancel' };

/** A's value for one id placement (`route` picks the article of its collection). */
export function idValue(seeded: SeededTenant, kind: IdKind, route: string): string | string[] {
  if (kind === 'chatFileList') return [seeded.ids.chatFile];
  if (kind === 'article') return (seeded.articles[route] ?? Object.values(seeded.articles)[0])?.slug ?? '';
  return seeded.ids[kind] ?? '';
}

/**
 * Names an id could plausibly travel under besides the declared ones (an undeclared route's, a
 * chat frame's): the every-placement pass sends them all.
 */
const LIKELY_PLACEMENTS: Record<string, IdKind> = {
  created: 'event',
  eventId: 'event',
  id: 'event',
  shortCode: 'shortCode',
  code: 'shortCode',
  inviteCode: 'inviteCode',
  userId: 'user',
  sub: 'user',
  msgId: 'chatMessage',
  fileKey: 'chatFile',
  mediaId: 'media',
};

/** Every id placement any endpoint or chat frame declares, and the likely ones: name → kind. */
export function allPlacements(list: Endpoint[]): Record<string, IdKind> {
  const all: Record<string, IdKind> = { ...LIKELY_PLACEMENTS };
  for (const fields of Object.values(CHAT_FRAME_IDS)) for (const [name, kind] of Object.entries(fields ?? {})) all[name] ??= kind;
  for (const e of list) {
    for (const ids of [e.ids?.query, e.ids?.body, e.ids?.actionQuery]) for (const [name, kind] of Object.entries(ids ?? {})) all[name] ??= kind;
  }
  return all;
}

const query = (entries: Array<[string, string | string[]]>) =>
  entries.length ? `?${entries.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${encodeURIComponent(x)}`)).join('&')}` : '';

function requestText(req: RawRequest): string {
  return `${req.target}\n${req.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n${req.body ?? ''}`;
}

function isSignInRedirect(res: RawResponse): boolean {
  if (res.status < 300 || res.status >= 400 || !res.headers.location) return false;
  return new URL(res.headers.location, 'http://x.invalid').pathname === '/signIn';
}

/** Status rule of a declared id placement plus the leak rule; the leak rule alone otherwise. */
export function matrixCheck(seeded: SeededTenant, req: RawRequest, caller: MatrixCaller, declared: boolean): (res: RawResponse) => Problem | null {
  const sent = requestText(req);
  const markers = [...seeded.markers, ...seeded.idMarkers.filter((id) => !sent.includes(id))];
  return (res) => {
    const answer = `${Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}\n${res.body.toString('utf8')}`;
    const leaked = markers.filter((m) => answer.includes(m));
    if (leaked.length) return { kind: 'leaks', text: `${res.status} names A's ${leaked.map((m) => JSON.stringify(m)).join(', ')}` };
    if (!declared || res.status >= 500) return null;
    if ([401, 403, 404].includes(res.status)) return null;
    if (caller.signedOut && isSignInRedirect(res)) return null;
    return { kind: 'other', text: `answered ${res.status}${res.headers.location ? ` → ${res.headers.location}` : ''}, expected 401/403/404${caller.signedOut ? ' or a redirect to sign-in' : ''}` };
  };
}

export function matrixJobs(ctx: MatrixContext, list: Endpoint[]): Job[] {
  const jobs: Job[] = [];
  const placements = allPlacements(list);
  const { seeded } = ctx;
  for (const endpoint of list) {
    if (endpoint.kind === 'websocket' || endpoint.kind === 'identity') continue;
    for (const caller of ctx.callers) {
      const headers = (method: string, type?: string): Array<[string, string]> => [
        ['Host', ctx.host],
        ['Accept', endpoint.kind === 'screen' ? 'text/html' : 'application/json'],
        ...(method === 'GET' ? [] : ([['Origin', ctx.origin]] as Array<[string, string]>)),
        ...(caller.cookie ? ([['Cookie', caller.cookie]] as Array<[string, string]>) : []),
        ...(caller.bearer ? ([['Authorization', `Bearer ${caller.bearer}`]] as Array<[string, string]>) : []),
        ...(type ? ([['Content-Type', type]] as Array<[string, string]>) : []),
      ];
      const add = (input: string, request: RawRequest, declared: boolean) => jobs.push({ endpoint: endpoint.route, as: caller.as, input, request, check: matrixCheck(seeded, request, caller, declared) });
      const values = (ids: IdParams['query']) => Object.entries(ids ?? {}).map(([name, kind]): [string, string | string[]] => [name, idValue(seeded, kind, endpoint.route)]);

      // Each declared placement alone: the strict rule.
      for (const [name, value] of values(endpoint.ids?.query)) {
        if (endpoint.get) add(`declared ?${name}=`, { method: 'GET', target: endpoint.path + query([[name, value]]), headers: headers('GET') }, true);
      }
      for (const [name, value] of values(endpoint.ids?.actionQuery)) {
        const body = new URLSearchParams(FORM_FILLER).toString();
        add(`declared ?${name}= (form post)`, { method: 'POST', target: endpoint.path + query([[name, value]]), headers: headers('POST', 'application/x-www-form-urlencoded'), body }, true);
      }
      const bodyIds = values(endpoint.ids?.body);
      if (bodyIds.length && endpoint.post) {
        add(`declared body ${bodyIds.map(([n]) => n).join(', ')}`, { method: 'POST', target: endpoint.path, headers: headers('POST', 'application/json'), body: JSON.stringify({ ...JSON_FILLER, ...Object.fromEntries(bodyIds) }) }, true);
      }

      // Every known placement at once: the leak rule.
      const every = Object.entries(placements).map(([name, kind]): [string, string | string[]] => [name, idValue(seeded, kind, endpoint.route)]);
      const resourceKeys = [{ ResourcePK: 'en', ResourceSK: seeded.resourceCode }];
      add('every id placement in the query', { method: 'GET', target: endpoint.path + query(every), headers: headers('GET') }, false);
      if (endpoint.post) {
        const jsonBody = JSON.stringify({ ...JSON_FILLER, ...Object.fromEntries(every), keys: resourceKeys });
        add('every id placement in a JSON body', { method: 'POST', target: endpoint.path + query(every), headers: headers('POST', 'application/json'), body: jsonBody }, false);
        if (endpoint.kind === 'screen') {
          const form = new URLSearchParams([...Object.entries(FORM_FILLER), ...every.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]))]);
          add('every id placement in a form body', { method: 'POST', target: endpoint.path + query(every), headers: headers('POST', 'application/x-www-form-urlencoded'), body: form.toString() }, false);
        }
      }
    }
  }
  return jobs;
}

/**
 * The identity gateway on B's host with A's credentials: A's own password and access token must
 * get nothing there (4xx, no tokens), and a code request for A's address must not name it.
 */
export function identityMatrixJobs(ctx: MatrixContext, owner: { username: string; password: string; accessToken: string }, clientIds: { a: string; b: string }): Job[] {
  const call = (operation: string, body: Record<string, unknown>, strict: boolean): Job => {
    const request: RawRequest = {
      method: 'POST',
      target: '/api/identity',
      headers: [
        ['Host', ctx.host],
        ['Origin', ctx.origin],
        ['Content-Type', 'application/x-amz-json-1.1'],
        ['X-Amz-Target', `AWSCognitoIdentityProviderService.${operation}`],
      ],
      body: JSON.stringify(body),
    };
    const leakCheck = matrixCheck(ctx.seeded, request, { as: 'anonymous', signedOut: true }, false);
    return {
      endpoint: '/api/identity',
      as: "A's owner's credentials",
      input: `${operation} with A's ${strict ? 'credentials' : 'address'}`,
      request,
      check: (res) => {
        const leak = leakCheck(res);
        if (leak) return leak;
        if (!strict || res.status >= 500) return null;
        if (res.status >= 400 && res.status < 500 && !res.body.toString().includes('AuthenticationResult')) return null;
        return { kind: 'other', text: `answered ${res.status}, expected a 4xx without tokens` };
      },
    };
  };
  const password = { USERNAME: owner.username, PASSWORD: owner.password };
  return [
    call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientIds.b, AuthParameters: password }, true),
    call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientIds.a, AuthParameters: password }, true),
    call('GetUser', { AccessToken: owner.accessToken }, true),
    call('ForgotPassword', { ClientId: clientIds.b, Username: owner.username }, false),
  ];
}
