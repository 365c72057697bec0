/**
 * An event's polls in the browser (docs/decisions/0081): read from /api/polls, changed by the
 * room's `poll` notices when there is a room (a notice carries the public view: the caller's own
 * choices are kept, and hosts read the counts again when a notice comes without them), and the
 * calls hosts and voters make.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomNotice } from '#app/lib/chat/protocol';
import type { PollList, PollView } from '#app/lib/polls/model';

export const POLLS_PATH = '/api/polls';

export type PollsState = { state: 'loading' } | { state: 'error' } | { state: 'ready'; polls: PollView[]; staff: boolean };
export type PollCall = { ok: true; poll: PollView | null } | { ok: false; message: string; fieldErrors?: Record<string, string> };

type OnNotice = (listener: (notice: RoomNotice) => void) => () => void;

/**
 * A view without counts keeps the counts shown: a vote's answer carries none (they come with the
 * room's next notice), and results once shown never become hidden again.
 */
function merge(list: PollView[], next: PollView): PollView[] {
  const i = list.findIndex((p) => p.pollId === next.pollId);
  if (i < 0) return [...list, { myChoices: [], ...next }];
  const old = list[i]!;
  const merged = { ...next, myChoices: next.myChoices ?? old.myChoices, results: next.results ?? old.results };
  return list.map((p, j) => (j === i ? merged : p));
}

export function usePolls(eventId: string, onNotice?: OnNotice, failedText = '') {
  const [state, setState] = useState<PollsState>({ state: 'loading' });
  const staffRef = useRef(false);
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await fetch(`${POLLS_PATH}?event=${encodeURIComponent(eventId)}`, { headers: { Accept: 'application/json' } });
      if (!r.ok) throw new Error(String(r.status));
      const list = (await r.json()) as PollList;
      staffRef.current = list.staff;
      setState({ state: 'ready', polls: list.polls, staff: list.staff });
    } catch {
      setState((s) => (s.state === 'ready' ? s : { state: 'error' }));
    }
  }, [eventId]);

  useEffect(() => {
    void load();
    return () => {
      if (refetchTimer.current) clearTimeout(refetchTimer.current);
    };
  }, [load]);

  useEffect(() => {
    if (!onNotice) return;
    return onNotice((notice) => {
      if (notice.kind !== 'poll') return;
      const staff = staffRef.current;
      setState((s) => (s.state === 'ready' ? { ...s, polls: merge(s.polls, notice.poll) } : s));
      // Hosts see counts the room does not: read them again, at most every 400 ms.
      if (staff && !notice.poll.results && !refetchTimer.current) {
        refetchTimer.current = setTimeout(() => {
          refetchTimer.current = null;
          void load();
        }, 400);
      }
    });
  }, [onNotice, load]);

  const call = useCallback(
    async (body: Record<string, unknown>): Promise<PollCall> => {
      try {
        const r = await fetch(POLLS_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ eventId, ...body }) });
        const answer = (await r.json().catch(() => ({}))) as { poll?: PollView; message?: string; fieldErrors?: Record<string, string> };
        if (!r.ok) return { ok: false, message: answer.message ?? failedText, fieldErrors: answer.fieldErrors };
        if (answer.poll) {
          const poll = answer.poll;
          setState((s) => (s.state === 'ready' ? { ...s, polls: merge(s.polls, poll) } : s));
        } else void load();
        return { ok: true, poll: answer.poll ?? null };
      } catch {
        return { ok: false, message: failedText };
      }
    },
    [eventId, load, failedText],
  );

  return { state, reload: load, call };
}
