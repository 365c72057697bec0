/**
 * Browser calls of the recording API (server/broadcast/recording/api.server.ts): each resolves to the
 * server's own answer, a failure with the server's message (or a network error).
 */
import type { Recording, RecordingAction, RecordingState } from '#app/lib/recording/model';
import type { RestreamAction, RestreamField, RestreamState } from '#app/lib/recording/restream';

export type Result<T> = { ok: true; data: T } | { ok: false; status: number; error: string; message: string; fieldErrors?: Partial<Record<RestreamField, string>> };

async function call<T>(input: string, init: RequestInit = {}): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(input, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}) } });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, status: 0, error: 'network', message: (e as Error).message };
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: string; message?: string; fieldErrors?: Partial<Record<RestreamField, string>> }) | null;
  if (res.ok && body) return { ok: true, data: body };
  return { ok: false, status: res.status, error: body?.error ?? 'network', message: body?.message ?? res.statusText, ...(body?.fieldErrors ? { fieldErrors: body.fieldErrors } : {}) };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export const fetchRecordingState = (eventId: string, signal?: AbortSignal) => call<RecordingState>(`/api/recording?event=${encodeURIComponent(eventId)}`, { signal });
export const postRecording = (action: RecordingAction) => call<{ recording: Recording }>('/api/recording', post(action));
export const fetchRestream = (eventId: string, signal?: AbortSignal) => call<RestreamState>(`/api/recording/restream?event=${encodeURIComponent(eventId)}`, { signal });
export const postRestream = (action: RestreamAction) => call<RestreamState>('/api/recording/restream', post(action));
