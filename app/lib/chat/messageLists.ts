/** Message and member lists of the chat state: ascending by msgId, changed without mutation. */
import type { ChatMember, ChatMessage } from './protocol';

export const byMsgId = (a: ChatMessage, b: ChatMessage) => (a.msgId < b.msgId ? -1 : a.msgId > b.msgId ? 1 : 0);

/** Inserts or replaces (when newer) a message in an ascending list; returns the same list when nothing changes. */
export function upsert(list: ChatMessage[], m: ChatMessage): ChatMessage[] {
  const i = list.findIndex((x) => x.msgId === m.msgId);
  if (i >= 0) {
    if (list[i]!.seq >= m.seq) return list;
    const next = list.slice();
    next[i] = m;
    return next;
  }
  if (list.length === 0 || list[list.length - 1]!.msgId < m.msgId) return [...list, m];
  return [...list, m].sort(byMsgId);
}

export function mapMessage(list: ChatMessage[], msgId: string, fn: (m: ChatMessage) => ChatMessage | null): ChatMessage[] {
  const i = list.findIndex((x) => x.msgId === msgId);
  if (i < 0) return list;
  const updated = fn(list[i]!);
  if (updated === list[i]) return list;
  const next = list.slice();
  if (updated) next[i] = updated;
  else next.splice(i, 1);
  return next;
}

export function mapPrivates(privates: Record<string, ChatMessage[]>, msgId: string, fn: (m: ChatMessage) => ChatMessage | null) {
  let changed = false;
  const out: Record<string, ChatMessage[]> = {};
  for (const [k, list] of Object.entries(privates)) {
    const next = mapMessage(list, msgId, fn);
    if (next !== list) changed = true;
    out[k] = next;
  }
  return changed ? out : privates;
}

export function upsertMember(list: ChatMember[], member: ChatMember): ChatMember[] {
  const i = list.findIndex((x) => x.userId === member.userId);
  if (i < 0) return [...list, member];
  const next = list.slice();
  next[i] = member;
  return next;
}

/** Private messages grouped by conversation (the other party of `me`), each ascending; deleted ones left out. */
export function groupPrivates(list: ChatMessage[], me: string): Record<string, ChatMessage[]> {
  const out: Record<string, ChatMessage[]> = {};
  for (const m of [...list].sort(byMsgId)) {
    if (m.deleted) continue;
    (out[otherParty(m, me)] ??= []).push(m);
  }
  return out;
}

/** The other party of a private message, seen by `me`. */
export const otherParty = (m: ChatMessage, me: string): string => (m.sender === me ? (m.recipient ?? m.sender) : m.sender);
