/**
 * Browser calls of the breakouts API (docs/decisions/0084): the state, the hosts' controls and a
 * breakout's video token. Each resolves to the API's own answer, never an invented success.
 */
import type { BreakoutAction, BreakoutState } from '#app/lib/breakouts/model';
import type { RoomErrorCode, RoomTokenResponse } from '#app/lib/events/api';
import type { ApiResult } from '#app/components/live/room/roomApi';

async function call<T>(input: string, init: RequestInit): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (err) {
    return { ok: false, status: 0, error: 'network', message: err instanceof Error ? err.message : String(err) };
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
  if (res.ok && body) return { ok: true, data: body };
  // The breakouts' own codes (breakoutsClosed, notAssigned, roomNotFound) travel as the room API's.
  return { ok: false, status: res.status, error: (body?.error ?? 'network') as RoomErrorCode, message: body?.message ?? res.statusText };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const fetchBreakouts = (eventId: string) => call<{ state: BreakoutState }>(`/api/breakouts?event=${encodeURIComponent(eventId)}`, { method: 'GET' });
export const postBreakoutAction = (action: BreakoutAction) => call<{ state: BreakoutState }>('/api/breakouts', post(action));
export const fetchBreakoutToken = (eventId: string, roomId: string) => call<RoomTokenResponse>('/api/breakouts/token', post({ eventId, roomId }));
