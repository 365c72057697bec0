/**
 * The dashboard's "API keys" tab (docs/decisions/0087): a tenant admin lists, creates and revokes
 * the site's keys through /api/apiKeys. The secret is in the create answer only; afterwards only
 * its prefix is shown.
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { shownName } from '#app/lib/identity/displayName';
import type { SessionUser } from '#app/lib/identity/types';
import { createKeySchema, MAX_ACTIVE_KEYS, type ApiKeysAnswer } from '#app/lib/publicApi/scopes';
import type { AppContext } from '#server/context';
import { getSessionUser } from '#server/identity/index.server';
import { keyRow } from './data/apiKeys.server';
import { mintSecret, newKeyId } from './keys.server';

const answer = (body: ApiKeysAnswer, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } });

async function adminOf(args: LoaderFunctionArgs): Promise<SessionUser | null> {
  const user = await getSessionUser(args);
  return user && user.groups.includes('admin') ? user : null;
}

/** GET: the tenant's keys (admins only). */
export async function apiKeysLoader(args: LoaderFunctionArgs): Promise<Response> {
  if (!(await adminOf(args))) return answer({ error: 'forbidden' }, 403);
  const keys = await args.context.data.apiKeys.list();
  return answer({ keys: keys.map(keyRow) });
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return null;
  }
}

/** POST {intent: 'create', name, scopes} or {intent: 'revoke', keyId} (admins only). */
export async function apiKeysAction(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  if (request.method !== 'POST') return answer({ error: 'badRequest' }, 405);
  const user = await adminOf(args);
  if (!user) return answer({ error: 'forbidden' }, 403);
  const body = (await readJson(request)) as { intent?: unknown; keyId?: unknown } | null;
  if (body?.intent === 'revoke') {
    const revoked = typeof body.keyId === 'string' ? await context.data.apiKeys.revoke(body.keyId) : null;
    return revoked ? answer({ revoked: keyRow(revoked) }) : answer({ error: 'notFound' }, 404);
  }
  if (body?.intent !== 'create') return answer({ error: 'badRequest' }, 400);
  const parsed = createKeySchema.safeParse(body);
  if (!parsed.success) return answer({ error: 'badRequest' }, 400);
  const active = (await context.data.apiKeys.list()).filter((k) => !k.revokedAt).length;
  if (active >= MAX_ACTIVE_KEYS) return answer({ error: 'tooMany' }, 409);
  return answer({ ...(await createKey(context, user, parsed.data.name, parsed.data.scopes)) }, 201);
}

/** Makes a key for `user` (the organizer of events it creates); the secret is returned once. */
export async function createKey(context: Pick<AppContext, 'data' | 'language'>, user: SessionUser, name: string, scopes: ReturnType<typeof createKeySchema.parse>['scopes']) {
  const profile = await context.data.profiles.get(user.sub);
  const keyId = newKeyId();
  const { secret, hash, prefix } = mintSecret(keyId);
  const record = await context.data.apiKeys.put({
    keyId,
    name,
    hash,
    prefix,
    scopes: [...new Set(scopes)],
    createdBy: { sub: user.sub, name: shownName(user, profile), email: user.email ?? '', language: profile?.signInLanguageCode || context.language },
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  });
  return { created: keyRow(record), secret };
}
