/**
 * Browser calls of the room API (app/lib/events/api.ts): the room token, host controls and raise
 * hand. Every call resolves to the API's own answer; a failure carries the server's message (or a
 * network error), never an invented success.
 */
import type { RoomAction, RoomErrorCode, RoomStateResponse, RoomTokenResponse } from '#app/lib/events/api';

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: RoomErrorCode | 'network'; message: string; opensAt?: string };

async function call<T>(input: string, init: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (err) {
    return { ok: false, status: 0, error: 'network', message: err instanceof Error ? err.message : String(err) };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true, data: (body ?? {}) as T };
  const b = (body ?? {}) as { error?: RoomErrorCode; message?: string; opensAt?: string };
  return { ok: false, status: res.status, error: b.error ?? (res.status === 401 ? 'unauthenticated' : 'network'), message: b.message ?? res.statusText, opensAt: b.opensAt };
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const fetchRoomToken = (eventId: string) => call<RoomTokenResponse>('/api/events/token', json({ eventId }));

export const fetchRoomState = (eventId: string, signal?: AbortSignal) =>
  call<RoomStateResponse>(`/api/events/room?event=${encodeURIComponent(eventId)}`, { method: 'GET', signal });

export const postRoomAction = (action: RoomAction) => call<{ ok?: boolean; message?: string }>('/api/events/room', json(action));
