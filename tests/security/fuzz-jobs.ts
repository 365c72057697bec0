/**
 * The fuzz suite's HTTP requests, generated from the endpoint catalog: every endpoint gets every
 * query case and its hostile headers and methods; endpoints that take POST get every body case,
 * the others the short set (they must refuse without stalling); a few sample paths get the
 * server-wide Host and request-line cases; the identity gateway gets each Cognito operation with
 * every JSON case. Signed-in variants carry a real session cookie and a same-origin Origin, so
 * the CSRF check lets the request reach the code under test.
 */
import { IDENTITY_OPERATIONS } from '#server/endpoints';
import { knownFieldNames, type Endpoint } from './catalog';
import { bodyCases, EXTRA_METHODS, headerCases, jsonCases, queryCases, requestLineCases, utf8Bytes, type Category } from './fuzz-cases';
import type { Job } from './runner';

export interface Caller {
  /** "anonymous", "admin"... */
  as: string;
  cookie?: string;
  /** Sent as an Authorization: Bearer header (the resources API reads tokens there). */
  bearer?: string;
}

export interface JobContext {
  tenant: string;
  host: string;
  origin: string;
  port: number;
  callers: Caller[];
}

const label = (category: Category, name: string) => `${category}: ${name}`;

function baseHeaders(ctx: JobContext, endpoint: Endpoint, caller: Caller, method: string): Array<[string, string]> {
  const headers: Array<[string, string]> = [['Host', ctx.host]];
  headers.push(['Accept', endpoint.kind === 'screen' ? 'text/html,application/xhtml+xml' : 'application/json']);
  if (method !== 'GET' && method !== 'HEAD') headers.push(['Origin', ctx.origin]);
  if (caller.cookie) headers.push(['Cookie', caller.cookie]);
  if (caller.bearer) headers.push(['Authorization', `Bearer ${caller.bearer}`]);
  return headers;
}

/**
 * Every endpoint's query, header, method and body jobs (the identity gateway's own are
 * identityJobs). A route whose module an earlier route already uses (the room layouts, the
 * social sign-in providers) runs the same code: it gets the query cases and short body set
 * signed out, not the whole set again.
 */
export function endpointJobs(ctx: JobContext, list: Endpoint[]): Job[] {
  const jobs: Job[] = [];
  const fields = knownFieldNames();
  const [anonymous] = ctx.callers as [Caller, ...Caller[]];
  const modules = new Set<string>();
  const push = (endpoint: Endpoint, caller: Caller, input: string, method: string, query = '', extra: Array<[string, string]> = [], body?: string | Buffer) =>
    jobs.push({ endpoint: endpoint.route, as: caller.as, input, request: { method, target: endpoint.path + query, headers: [...baseHeaders(ctx, endpoint, caller, method), ...extra], body } });
  const posts = (endpoint: Endpoint, caller: Caller, set: 'full' | 'short') => {
    for (const b of bodyCases(fields, set)) push(endpoint, caller, label(b.category, `body, ${b.name}`), 'POST', '', b.contentType ? [['Content-Type', b.contentType]] : [], b.body);
  };
  for (const endpoint of list) {
    if (endpoint.kind === 'websocket') continue;
    const sibling = endpoint.module !== undefined && modules.has(endpoint.module);
    if (endpoint.module) modules.add(endpoint.module);
    const callers = sibling ? [anonymous] : ctx.callers;
    for (const caller of callers) {
      for (const q of queryCases(fields)) push(endpoint, caller, label(q.category, `query, ${q.name}`), 'GET', q.query);
    }
    // The identity gateway's bodies are identityJobs'.
    if (endpoint.kind !== 'identity') {
      if (sibling || !endpoint.post) posts(endpoint, anonymous, 'short');
      else for (const caller of ctx.callers) posts(endpoint, caller, 'full');
    }
    if (sibling) continue;
    for (const h of headerCases()) push(endpoint, anonymous, label(h.category, `headers, ${h.name}`), 'GET', '', h.headers);
    for (const method of EXTRA_METHODS) push(endpoint, anonymous, label('wrongType', `method ${method}`), method, '', [], method === 'DELETE' ? '' : undefined);
  }
  return jobs;
}

/** Host header and request-line cases against a few representative paths. */
export function requestLineJobs(ctx: JobContext, paths: string[]): Job[] {
  const jobs: Job[] = [];
  for (const path of paths) {
    for (const c of requestLineCases(ctx.port)) {
      const hosts = c.host === null ? [] : Array.isArray(c.host) ? c.host : [c.host];
      const headers: Array<[string, string]> = hosts.map((h) => ['Host', h.replace('{host}', ctx.host)]);
      jobs.push({ endpoint: path, as: 'anonymous', input: label(c.category, `request line, ${c.name}`), request: { method: c.method, target: c.target.replaceAll('{path}', path).replace('{host}', ctx.host), headers } });
    }
  }
  return jobs;
}

const IDENTITY_FIELDS = [
  'ClientId',
  'Username',
  'Password',
  'AuthFlow',
  'AuthParameters',
  'AccessToken',
  'RefreshToken',
  'Token',
  'Session',
  'ChallengeName',
  'ChallengeResponses',
  'UserAttributes',
  'ConfirmationCode',
  'ProposedPassword',
  'PreviousPassword',
  'UserCode',
  'AttributeName',
  'SoftwareTokenMfaSettings',
  'ClientMetadata',
  'SecretHash',
];
const AMZ_JSON = 'application/x-amz-json-1.1';
const TARGET = 'AWSCognitoIdentityProviderService.';

/**
 * The identity gateway: every allowed Cognito operation with every JSON case (signed in: the
 * session's access token in the body), then the gateway's own refusals (target, content type).
 * `accessToken` must belong to a throwaway user: GlobalSignOut and DeleteUser may act on it.
 */
export function identityJobs(ctx: JobContext, clientId: string, signedIn: { as: string; cookie: string; accessToken: string }): Job[] {
  const jobs: Job[] = [];
  const path = '/api/identity';
  // Cases that depend on the fields go to every operation; parser-only cases (malformed, nested, oversized) to one.
  const cases = jsonCases(IDENTITY_FIELDS);
  const perOperation = cases.slice(0, 4);
  const plausible = JSON.stringify({ ClientId: clientId, Username: 'fuzz-ü😀@example.com', Password: 'x', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'x' } });
  const headersFor = (operation: string, cookie?: string): Array<[string, string]> => [
    ['Host', ctx.host],
    ['Origin', ctx.origin],
    ['Content-Type', AMZ_JSON],
    ['X-Amz-Target', TARGET + operation],
    ...(cookie ? ([['Cookie', cookie]] as Array<[string, string]>) : []),
  ];
  for (const operation of IDENTITY_OPERATIONS) {
    for (const caller of [{ as: 'anonymous', cookie: undefined, accessToken: undefined }, signedIn]) {
      const bodies = [...perOperation.map((b) => ({ input: label(b.category, `${operation}, ${b.name}`), body: String(b.body) })), { input: label('unicode', `${operation}, plausible fields`), body: plausible }];
      for (const { input, body } of bodies) {
        // Signed in: the real access token rides along in every JSON object body.
        const sent = caller.accessToken && body.startsWith('{') ? `{"AccessToken":${JSON.stringify(caller.accessToken)},${body.slice(1)}`.replace(',}', '}') : body;
        jobs.push({ endpoint: path, as: caller.as, input, request: { method: 'POST', target: path, headers: headersFor(operation, caller.cookie), body: sent } });
      }
    }
  }
  for (const b of cases.slice(4)) {
    jobs.push({ endpoint: path, as: 'anonymous', input: label(b.category, `InitiateAuth, ${b.name}`), request: { method: 'POST', target: path, headers: headersFor('InitiateAuth'), body: b.body } });
  }
  const gateway = (input: string, headers: Array<[string, string]>, body: string | Buffer = '{}') => {
    const origin: Array<[string, string]> = headers.some(([k]) => k === 'Origin') ? [] : [['Origin', ctx.origin]];
    jobs.push({ endpoint: path, as: 'anonymous', input, request: { method: 'POST', target: path, headers: [['Host', ctx.host], ...origin, ...headers], body } });
  };
  gateway('empty: no target', [['Content-Type', AMZ_JSON]]);
  gateway('empty: empty target and body', [['Content-Type', AMZ_JSON], ['X-Amz-Target', '']], '');
  gateway('wrongType: unknown operation', [['Content-Type', AMZ_JSON], ['X-Amz-Target', `${TARGET}AdminDeleteUser`]]);
  gateway('malformed: target without the service', [['Content-Type', AMZ_JSON], ['X-Amz-Target', 'InitiateAuth']]);
  gateway('oversized: 8 KB target', [['Content-Type', AMZ_JSON], ['X-Amz-Target', TARGET + 'A'.repeat(8000)]]);
  gateway('unicode: unicode target', [['Content-Type', AMZ_JSON], ['X-Amz-Target', utf8Bytes(`${TARGET}InitiateAuth😀\u202e`)]]);
  gateway('wrongType: form content type', [['Content-Type', 'application/x-www-form-urlencoded'], ['X-Amz-Target', `${TARGET}InitiateAuth`]], 'ClientId=x');
  gateway('wrongType: plain JSON content type', [['Content-Type', 'application/json'], ['X-Amz-Target', `${TARGET}InitiateAuth`]]);
  gateway('malformed: multipart', [['Content-Type', 'multipart/form-data; boundary=x'], ['X-Amz-Target', `${TARGET}InitiateAuth`]], '--x\r\n');
  gateway('empty: no content type', [['X-Amz-Target', `${TARGET}InitiateAuth`]]);
  gateway('malformed: cross-site origin', [['Content-Type', AMZ_JSON], ['X-Amz-Target', `${TARGET}InitiateAuth`], ['Origin', 'http://evil.example']]);
  return jobs;
}
