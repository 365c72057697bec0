/** Answers every API and private screen shares. */
import { json } from '@remix-run/node';
import { getFixedT } from '../i18n.server';

/** Personal or changing answers: never kept by a browser or a shared cache. */
export const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The one 405 of every API: the methods the address takes, named in the caller's language. */
export async function methodNotAllowed(language: string, allow: string): Promise<Response> {
  const t = await getFixedT(language);
  return json({ ok: false, error: 'methodNotAllowed', message: t('error.methodNotAllowed', { allow }) }, { status: 405, headers: { Allow: allow, ...NO_STORE } });
}

/** What jsonBody gives for a body that is not JSON; each API answers it with its own 400. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The request's JSON body, still to be judged by a schema, or NOT_JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return NOT_JSON;
  }
}
