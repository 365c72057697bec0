/**
 * Cursor pagination of the public API (docs/decisions/0087): `limit` (1–100, default 25) and an
 * opaque `cursor` taken from the previous page's `next_cursor`. A cursor is bound to the list it
 * came from (its `scope`): one from another list, or edited, is a 400, never another list's page.
 */
import { createHash } from 'node:crypto';

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 25;

const tag = (scope: string) => createHash('sha256').update(scope).digest('base64url').slice(0, 8);

/** The cursor that continues `scope` at `position` (an offset, or a store's own continuation). */
export function encodeCursor(scope: string, position: string | number): string {
  return Buffer.from(JSON.stringify({ s: tag(scope), p: position })).toString('base64url');
}

/** The position a cursor names in `scope`; undefined when none was given; null when it is not a cursor of this list. */
export function decodeCursor(scope: string, cursor: string | undefined): string | number | null | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; p?: unknown };
    if (value.s !== tag(scope)) return null;
    if (typeof value.p === 'number' && Number.isInteger(value.p) && value.p >= 0) return value.p;
    if (typeof value.p === 'string' && value.p.length <= 400) return value.p;
    return null;
  } catch {
    return null;
  }
}

/** One page of an in-memory list (registrations, attendance, orders of an event): offset cursors. */
export function pageOf<T>(scope: string, all: readonly T[], limit: number, cursor: string | undefined): { data: T[]; next_cursor: string | null } | null {
  const at = decodeCursor(scope, cursor);
  if (at === null || typeof at === 'string') return null;
  const start = at ?? 0;
  const data = all.slice(start, start + limit);
  const end = start + data.length;
  return { data, next_cursor: end < all.length ? encodeCursor(scope, end) : null };
}
