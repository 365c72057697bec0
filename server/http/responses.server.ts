/** Answers every API and private screen shares. */
import { json } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';

/** Personal or changing answers: never kept by a browser or a shared cache. */
export const NO_STORE = { 'Cache-Control': 'private, no-store' };

export interface RefuseOptions {
  /** More fields of the answer (fieldErrors, opensAt, ok: false where the API's answers carry ok…). */
  extra?: Record<string, unknown>;
  /** More headers (Allow, Retry-After…). */
  headers?: Record<string, string>;
}

/**
 * The one error answer of every API: JSON `{ error, message, …extra }` with the status, never
 * cached. `error` is the stable code a page decides on; `message` is already in the caller's
 * language, so a page can show it as it is. Each API names its codes and their messages and
 * answers through this.
 */
export function refuse(status: number, error: string, message: string, { extra = {}, headers = {} }: RefuseOptions = {}): Response {
  return json({ ...extra, error, message }, { status, headers: { ...NO_STORE, ...headers } });
}

/** The one 405 of every API: the methods the address takes, named in the caller's language. */
export async function methodNotAllowed(language: string, allow: string): Promise<Response> {
  const t = await getFixedT(language);
  return refuse(405, 'methodNotAllowed', t('error.methodNotAllowed', { allow }), { extra: { ok: false }, headers: { Allow: allow } });
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
