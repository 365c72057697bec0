/**
 * The welcome a joining socket gets (docs/decisions/0012-event-chat.md): a resume (the changes
 * after the seq the browser last saw, when the log still holds them all) or a snapshot (the
 * latest public page, questions, staff, the viewer's pending and private messages and likes).
 * The part of a snapshot every viewer shares is read once per room and change.
 */
import { CHAT_RESUME_MAX, type WelcomeFrame } from '#app/lib/chat/protocol';
import type { EventRecord } from '#app/lib/events/model';
import { isStaff } from '#app/lib/events/permissions';
import type { Conn, Room } from './conn.server';
import type { PublicSnapshot } from './data/keys.server';

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

/**
 * `firstVisit`: the person had never joined this event's chat before. A participant who never
 * joined has sent nothing (no pending messages), liked and voted nothing, and cannot have been
 * written to privately (hosts write only to people who joined): their part of the snapshot is
 * empty without reading it, which spares four reads per person when an audience arrives at once.
 */
export async function welcomeFrame(conn: Conn, room: Room, event: EventRecord, after: number | null, { firstVisit = false } = {}): Promise<WelcomeFrame> {
  // The chat's own id: the event's, or a breakout's (docs/decisions/0084).
  const { chatId: eventId, viewer, me } = conn;
  const chat = conn.data.chat;
  const staff = isStaff(viewer.role);
  const nothingOfTheirOwn = firstVisit && !staff;
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
        myVotes: [],
        staff: staffList,
        blocked: blockedList,
        events,
      };
    }
  }
  const [shared, pending, privateMessages, blockedList] = await Promise.all([
    sharedSnapshot(room),
    nothingOfTheirOwn ? [] : chat.pendingFor(eventId, viewer),
    nothingOfTheirOwn ? [] : chat.privateFor(eventId, viewer.userId),
    blocked(),
  ]);
  const ids = [...shared.messages, ...shared.questions, ...privateMessages].map((m) => m.msgId);
  const [myLikes, myVotes] = nothingOfTheirOwn
    ? [[], []]
    : await Promise.all([
        chat.likedAmong(eventId, viewer.userId, ids),
        chat.votedAmong(
          eventId,
          viewer.userId,
          shared.questions.map((q) => q.msgId),
        ),
      ]);
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
    myVotes,
    staff: shared.staff,
    blocked: blockedList,
    events: [],
  };
}
