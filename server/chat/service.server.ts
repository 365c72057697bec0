/**
 * The chat service on `services.chat`: the bus, the repository and the changes HTTP routes need
 * (a block from the host panel closes the person's chat sockets on every instance too).
 * Bus payloads: `E<seq>\n<audience JSON>\n<server frame JSON>` for a change (the frame is
 * serialised once, by the instance that committed it, and sent to sockets as is) and
 * `C<control JSON>` for instance-to-instance control messages and `N<server frame JSON>` for a room
 * notice (a donation alert, the pinned sale): sent to every socket of the event, kept nowhere;
 * `R<counts JSON>` for one instance's reactions of one window (docs/decisions/0079), summed again
 * by each receiving instance before its sockets get them.
 */
import type { TenantId } from '#app/lib/config/tenant';
import { avatarColorFor, type ChatAudience, type ChatMember, type RoomNotice } from '#app/lib/chat/protocol';
import type { LiveCaption } from '#app/lib/captions/protocol';
import { reactionCountsSchema, type ReactionCounts } from '#app/lib/reactions/protocol';
import type { Env } from '#server/env.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { chatChannel, MemoryBus, type ChatBus } from './bus.server';
import { RedisBus } from './redisBus.server';
import { PUBLIC_STREAM, streamOf, type Sequenced, type Stream } from './data/keys.server';
import { ChatRepository } from './data/repository.server';
import { log } from '#server/observability/log.server';

/** Sent between instances: a blocked user's sockets close everywhere; the event changed (drop cached copies). */
export type ChatControl = { kind: 'blocked'; userId: string } | { kind: 'unblocked'; userId: string } | { kind: 'eventChanged' };

export type BusMessage =
  | { type: 'event'; seq: number; stream: Stream; audience: ChatAudience; frame: string }
  | { type: 'control'; control: ChatControl }
  | { type: 'notice'; frame: string }
  | { type: 'reactions'; counts: ReactionCounts };

/** `E<seq>[\tP | \tM<pairKey>]\n<audience>\n<frame>`: the stream tag lets other instances keep their cached HEAD current. */
export function encodeEvent(change: Sequenced): string {
  const stream = streamOf(change.event);
  const tag = stream === null ? '' : stream === PUBLIC_STREAM ? '\tP' : `\tM${stream}`;
  return `E${change.event.seq}${tag}\n${JSON.stringify(change.audience)}\n${JSON.stringify({ type: 'event', event: change.event })}`;
}

export function encodeControl(control: ChatControl): string {
  return `C${JSON.stringify(control)}`;
}

export function encodeNotice(notice: RoomNotice): string {
  return `N${JSON.stringify({ type: 'notice', notice })}`;
}

/** A live caption rides the notices' path: sent to every socket of the event, kept nowhere. */
export function encodeCaption(caption: LiveCaption): string {
  return `N${JSON.stringify({ type: 'caption', caption })}`;
}

/** One instance's reactions of one window: counts per emoji, never who reacted. */
export function encodeReactions(counts: ReactionCounts): string {
  return `R${JSON.stringify(counts)}`;
}

/** Null for a payload this version does not understand (it is then ignored). */
export function decodeBusMessage(payload: string): BusMessage | null {
  try {
    if (payload.startsWith('E')) {
      const first = payload.indexOf('\n');
      const second = payload.indexOf('\n', first + 1);
      if (first < 0 || second < 0) return null;
      const header = payload.slice(1, first);
      const tab = header.indexOf('\t');
      const seq = Number(tab < 0 ? header : header.slice(0, tab));
      if (!Number.isSafeInteger(seq) || seq < 1) return null;
      const tag = tab < 0 ? null : header.slice(tab + 1);
      const stream: Stream = tag === null ? null : tag === 'P' ? PUBLIC_STREAM : tag.startsWith('M') ? tag.slice(1) : null;
      return { type: 'event', seq, stream, audience: JSON.parse(payload.slice(first + 1, second)) as ChatAudience, frame: payload.slice(second + 1) };
    }
    if (payload.startsWith('C')) return { type: 'control', control: JSON.parse(payload.slice(1)) as ChatControl };
    if (payload.startsWith('N')) return { type: 'notice', frame: payload.slice(1) };
    if (payload.startsWith('R')) {
      // Checked like any input: only the known emoji, whole counts within bounds.
      const counts = reactionCountsSchema.safeParse(JSON.parse(payload.slice(1)));
      return counts.success && Object.keys(counts.data).length > 0 ? { type: 'reactions', counts: counts.data } : null;
    }
  } catch {
    // fall through
  }
  return null;
}

export class ChatService {
  constructor(
    readonly bus: ChatBus,
    readonly repository: ChatRepository,
  ) {}

  /** Publishes a committed change to every instance (a failure is logged: clients catch up when they resume). */
  async publish(tenantId: TenantId, eventId: string, change: Sequenced | null): Promise<void> {
    if (!change) return;
    try {
      await this.bus.publish(chatChannel(tenantId, eventId), encodeEvent(change));
    } catch (e) {
      log.error(`[chat] publish failed for ${tenantId}/${eventId} seq ${change.event.seq}: ${(e as Error).message}`);
    }
  }

  /**
   * Tells every instance. A failure is logged: other instances still refuse a blocked person's
   * next action once their cached copy of the event expires (a few seconds), and their reconnect.
   */
  async control(tenantId: TenantId, eventId: string, control: ChatControl): Promise<void> {
    try {
      await this.bus.publish(chatChannel(tenantId, eventId), encodeControl(control));
    } catch (e) {
      log.error(`[chat] control ${control.kind} failed for ${tenantId}/${eventId}: ${(e as Error).message}`);
    }
  }

  /**
   * Shows a notice to everyone in the event's room on every instance (a donation alert, the
   * pinned sale). It is not logged: a browser that was away reads the current state by GET.
   */
  async broadcast(tenantId: TenantId, eventId: string, notice: RoomNotice): Promise<void> {
    try {
      await this.bus.publish(chatChannel(tenantId, eventId), encodeNotice(notice));
    } catch (e) {
      log.error(`[chat] notice ${notice.kind} failed for ${tenantId}/${eventId}: ${(e as Error).message}`);
    }
  }

  /** Shows a live caption to everyone in the event's room on every instance (docs/decisions/0048). */
  async caption(tenantId: TenantId, eventId: string, caption: LiveCaption): Promise<void> {
    try {
      await this.bus.publish(chatChannel(tenantId, eventId), encodeCaption(caption));
    } catch (e) {
      log.error(`[chat] caption failed for ${tenantId}/${eventId}: ${(e as Error).message}`);
    }
  }

  /** Sends one window of an event's reactions to every instance (docs/decisions/0079); a lost window is only logged. */
  async reactions(tenantId: TenantId, eventId: string, counts: ReactionCounts): Promise<void> {
    try {
      await this.bus.publish(chatChannel(tenantId, eventId), encodeReactions(counts));
    } catch (e) {
      log.error(`[chat] reactions failed for ${tenantId}/${eventId}: ${(e as Error).message}`);
    }
  }

  /**
   * After the event's blocked list gained the user (events.server setUserBlocked): their chat
   * sockets close on every instance, and hosts see them in the blocked list.
   */
  async userBlocked(tenantId: TenantId, eventId: string, userId: string): Promise<void> {
    await this.control(tenantId, eventId, { kind: 'blocked', userId });
    const known = await this.repository.getMember(tenantId, eventId, userId);
    const member: ChatMember = known
      ? { userId, displayName: known.displayName, role: known.role, avatarBgColor: known.avatarBgColor }
      : { userId, displayName: userId, role: 'participant', avatarBgColor: avatarColorFor(userId) };
    await this.publish(tenantId, eventId, await this.repository.blocked(tenantId, eventId, member));
  }

  /** After the event's blocked list lost the user: hosts see the change; the person may join again. */
  async userUnblocked(tenantId: TenantId, eventId: string, userId: string): Promise<void> {
    await this.control(tenantId, eventId, { kind: 'unblocked', userId });
    await this.publish(tenantId, eventId, await this.repository.unblocked(tenantId, eventId, userId));
  }

  async close(): Promise<void> {
    await this.bus.close();
  }
}

export function createChatService(env: Pick<Env, 'REDIS_URL'>, db: Database): ChatService {
  return new ChatService(createChatBus(env), new ChatRepository(db));
}

/** RedisBus when REDIS_URL is set (several instances), else the in-process bus. */
function createChatBus(env: Pick<Env, 'REDIS_URL'>): ChatBus {
  return env.REDIS_URL ? new RedisBus(env.REDIS_URL) : new MemoryBus();
}
