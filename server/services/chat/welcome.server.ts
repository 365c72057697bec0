/**
 * The welcome a joining socket gets (docs/decisions/0012-event-chat.md): a resume (the changes
 * after the seq the browser last saw, when the log still holds them all) or a snapshot (the
 * latest public page, questions, staff, the viewer's pending and private messages and likes).
 * The part of a snapshot every viewer shares is read once per room and change.
 */
import { CHAT_RESUME_MAX, type WelcomeFrame } from '#app/lib/chat/protocol';
import type { EventRecord } from '#app/lib/events/model';
import { isStaff } from '#app/lib/events/permissions';
import type { Conn, Room } from './hub.server';
import type { PublicSnapshot } from '../../data/chat/keys.server';

/** The room's shared snapshot, read again only after a change arrived (room.version moved). */
export function sharedSnapshot(room: Room): Promise<PublicSnapshot> {
  if (room.snapshot && room.snapshot.version === room.version) return room.snapshot.promise;
  const entry = {
    version: room.version,
    promise: room.data.chat.publicSnapshot(room.eventId),
  };
  room.snapshot = entry;
  entry.promise.catch(() => {
    if (room.snapshot === entry) room.snapshot = null;
  });
  return entry.promise;
}

export async function welcomeFrame(conn: Conn, room: Room, event: EventRecord, after: number | null): Promise<WelcomeFrame> {
  const { eventId, viewer, me } = conn;
  const chat = conn.data.chat;
  const staff = isStaff(viewer.role);
  const blocked = () => (staff && event.blockedUsers.length ? chat.members(eventId, event.blockedUsers) : Promise.resolve([]));
  const base = {
    type: 'welcome' as const,
    me,
    moderateChat: event.moderateChat,
  };

  if (after !== null) {
    const headSeq = await chat.headSeq(eventId);
    if (after <= headSeq && headSeq - after <= CHAT_RESUME_MAX) {
      const [events, staffList, blockedList] = await Promise.all([
        chat.replay(eventId, after, headSeq, viewer),
        chat.listStaff(eventId),
        blocked(),
      ]);
      return {
        ...base,
        mode: 'resume',
        headSeq,
        messages: [],
        hasMore: false,
        pending: [],
        questions: [],
        privateMessages: [],
        myLikes: [],
        staff: staffList,
        blocked: blockedList,
        events,
      };
    }
  }
  const [shared, pending, privateMessages, blockedList] = await Promise.all([
    sharedSnapshot(room),
    chat.pendingFor(eventId, viewer),
    chat.privateFor(eventId, viewer.userId),
    blocked(),
  ]);
  const ids = [...shared.messages, ...shared.questions, ...privateMessages].map((m) => m.msgId);
  const myLikes = await chat.likedAmong(eventId, viewer.userId, ids);
  return {
    ...base,
    mode: 'snapshot',
    headSeq: shared.headSeq,
    messages: shared.messages,
    hasMore: shared.hasMore,
    pending,
    questions: shared.questions,
    privateMessages,
    myLikes,
    staff: shared.staff,
    blocked: blockedList,
    events: [],
  };
}
