/**
 * The browser's side of /api/waitingRoom (app/lib/events/waitingRoom.ts, docs/decisions/0082):
 * the standing of the person on the waiting screen, and the hosts' queue and decisions.
 */
import type { WaitingDecisionResponse, WaitingRequest, WaitingStatusResponse } from '#app/lib/events/waitingRoom';

const URL_BASE = '/api/waitingRoom';

/** An answer the caller cannot go on from (403 with a reason other than waiting, 404, …): the page reloads to show it. */
export class WaitingRefused extends Error {
  constructor(readonly status: number) {
    super(`waiting room: ${status}`);
    this.name = 'WaitingRefused';
  }
}

async function read<T>(res: Response): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  if (res.status >= 500) throw new Error(`waiting room: ${res.status}`);
  throw new WaitingRefused(res.status);
}

export async function getStanding(eventId: string, signal?: AbortSignal): Promise<WaitingStatusResponse> {
  return read(await fetch(`${URL_BASE}?event=${encodeURIComponent(eventId)}`, { headers: { Accept: 'application/json' }, cache: 'no-store', signal }));
}

export async function postWaiting<T extends WaitingStatusResponse | WaitingDecisionResponse>(body: WaitingRequest): Promise<T> {
  return read(
    await fetch(URL_BASE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
