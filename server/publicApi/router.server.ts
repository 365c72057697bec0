/**
 * The public API's front door (docs/decisions/0087): finds the operation, checks the key (its own
 * tenant's only: 401), its scope (403) and its rate (429), parses path, query and body with the
 * operation's zod schemas (400 with field errors), keeps the answers of writes sent with an
 * Idempotency-Key, and answers every error as application/problem+json. No input reaches a 5xx:
 * bad input is refused before any handler runs.
 */
import type { AppContext } from '#server/context';
import { RateLimiter } from '#server/platform/rateLimit.server';
import type { ApiKeyRecord } from './data/apiKeys.server';
import { authenticate, hasScope, sha256 } from './keys.server';
import { OPERATIONS, type Answer, type Operation } from './operations.server';
import { fieldErrors, problem } from './problem.server';

export const API_BASE = '/api/v1';
/** Requests per key per minute, on each instance (server/platform/rateLimit.server.ts). */
export const RATE_PER_MINUTE = 600;
/** How long the answer of an idempotent write is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

let limiter = new RateLimiter(RATE_PER_MINUTE, 60);
/** Tests: a limiter of their own size. */
export function setRateLimit(points: number, seconds = 60): void {
  limiter = new RateLimiter(points, seconds);
}

const pattern = (path: string) => new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
const ROUTES = OPERATIONS.map((op) => ({ op, re: pattern(op.path) }));

/** The operation at `path` (below /api/v1) for `method`, the methods the path takes, and its path parameters. */
export function matchOperation(method: string, path: string): { op?: Operation; allowed: string[]; params: Record<string, string> } {
  const allowed: string[] = [];
  for (const { op, re } of ROUTES) {
    const m = re.exec(path);
    if (!m) continue;
    allowed.push(op.method);
    if (op.method === method) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.groups ?? {})) {
        try {
          params[k] = decodeURIComponent(v);
        } catch {
          params[k] = v;
        }
      }
      return { op, allowed, params };
    }
  }
  return { allowed, params: {} };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } });
}

const toResponse = (answer: Answer) => (answer instanceof Response ? answer : json(answer.status, answer.body));

async function readBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: {} };
  const type = request.headers.get('content-type') ?? '';
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) return { ok: false, response: problem('unsupported-media-type', 'Send the body as application/json.') };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: problem('bad-request', 'The body is not valid JSON.') };
  }
}

/** Runs a write once per Idempotency-Key: the same key and request replay its answer; another request with it is a 422. */
async function idempotent(context: AppContext, key: ApiKeyRecord, idemKey: string, fingerprint: string, run: () => Promise<Response>): Promise<Response> {
  const hash = sha256(idemKey);
  const stored = await context.data.apiKeys.claimAnswer(key.keyId, hash, fingerprint, IDEMPOTENCY_TTL_MS);
  if (stored) {
    if (stored.fingerprint !== fingerprint) return problem('idempotency-mismatch', 'This Idempotency-Key was already used with a different request.');
    if (stored.state === 'pending') return problem('conflict', 'A request with this Idempotency-Key is still running; retry shortly.');
    return new Response(stored.body ?? '', {
      status: stored.status ?? 200,
      headers: { 'Content-Type': (stored.status ?? 200) >= 400 ? 'application/problem+json' : 'application/json', 'Cache-Control': 'no-store', 'Idempotent-Replayed': 'true' },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (e) {
    await context.data.apiKeys.dropAnswer(key.keyId, hash).catch(() => undefined);
    throw e;
  }
  // An answer the client may want again (success or a refusal of its input) is kept; a conflict
  // of the moment is not, so a retry after it runs again.
  if (response.status === 409) {
    await context.data.apiKeys.dropAnswer(key.keyId, hash);
    return response;
  }
  const body = await response.text();
  await context.data.apiKeys.saveAnswer(key.keyId, hash, fingerprint, response.status, body, IDEMPOTENCY_TTL_MS);
  return new Response(body, { status: response.status, headers: response.headers });
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}

/** Answers one request under /api/v1 (any method). */
export async function handlePublicApi(request: Request, context: AppContext): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_BASE.length) || '/';
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const { op, allowed, params } = matchOperation(method, path);
  if (!op) {
    if (allowed.length) return problem('method-not-allowed', `Use ${allowed.join(', ')}.`, { headers: { Allow: allowed.join(', ') } });
    return problem('not-found', 'No such operation; see /api/v1/openapi.json.');
  }

  const auth = await authenticate(context.data, request.headers.get('authorization'));
  if (!auth.ok) {
    const detail = auth.reason === 'missing' ? 'Send Authorization: Bearer <API key>.' : auth.reason === 'revoked' ? 'This API key was revoked.' : 'This API key is not valid on this site.';
    return problem('unauthorized', detail, { headers: { 'WWW-Authenticate': 'Bearer realm="api"' } });
  }
  const key = auth.key;
  const rate = await limiter.consume(`${context.tenant.id}:${key.keyId}`);
  if (!rate.allowed) return problem('rate-limited', `At most ${RATE_PER_MINUTE} requests a minute per key.`, { headers: { 'Retry-After': String(Math.max(1, rate.retryAfterSeconds)) } });
  if (!hasScope(key, op.scope)) return problem('forbidden', `This operation needs the ${op.scope} scope.`);

  const parsedParams = op.params ? op.params.safeParse(params) : null;
  if (parsedParams && !parsedParams.success) return problem('validation', 'The path has invalid parameters.', { errors: fieldErrors('path', parsedParams.error) });
  const parsedQuery = op.query ? op.query.safeParse(queryObject(url)) : null;
  if (parsedQuery && !parsedQuery.success) return problem('validation', 'The query has invalid parameters.', { errors: fieldErrors('query', parsedQuery.error) });

  let body: unknown;
  let bodyText = '';
  if (method !== 'GET') {
    const raw = await readBody(request);
    if (!raw.ok) return raw.response;
    bodyText = JSON.stringify(raw.value);
    if (op.body) {
      const parsed = op.body.safeParse(raw.value);
      if (!parsed.success) return problem('validation', 'The body has invalid fields.', { errors: fieldErrors('body', parsed.error) });
      body = parsed.data;
    }
  }

  const run = async () => toResponse(await op.handle({ context, key, params, query: (parsedQuery?.data ?? {}) as Record<string, unknown>, body }));
  const idemKey = request.headers.get('idempotency-key');
  if (method === 'GET' || idemKey === null) return run();
  if (!IDEMPOTENCY_KEY.test(idemKey)) {
    return problem('validation', 'The Idempotency-Key header is invalid.', { errors: [{ field: 'header.Idempotency-Key', message: '1 to 255 visible ASCII characters.' }] });
  }
  return idempotent(context, key, idemKey, sha256(`${method} ${path}\n${bodyText}`), run);
}
