/**
 * The frame commands of a joined chat socket (docs/decisions/0012-event-chat.md): parse and
 * validate each frame, re-check the socket's right to be in the event, apply it through the
 * tenant's chat data, publish the change and answer with an ack, a history page or an error frame.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocket, type RawData } from 'ws';
import {
  CHAT_ACTION_LIMIT,
  CHAT_ATTACHMENT_TYPES,
  CHAT_CLOSE,
  CHAT_IMAGE_TYPES,
  CHAT_SEND_LIMIT,
  CHAT_TEXT_MAX,
  canSee,
  clientFrameSchema,
  type ChatErrorCode,
  type ChatMember,
  type ClientFrame,
  type ServerFrame,
} from '#app/lib/chat/protocol';
import type { EventRecord } from '#app/lib/events/model';
import { isStaff, roleOf } from '#app/lib/events/permissions';
import { charCount, cleanText } from '#app/lib/forms/text';
import { reactionsEnabled, type ReactionEmoji } from '#app/lib/reactions/protocol';
import { checkChatFiles } from './chatFiles.server';
import { admitToRoom, type AdmissionRefusal } from '#server/entitlement/index.server';
import type { Services } from '#server/services';
import { blockUser, unblockUser } from '#server/rooms/index.server';
import type { Conn } from './conn.server';
import type { ChatReactions } from './reactions.server';
import { ChatError, type Sequenced } from './data/keys.server';
import { log } from '#server/observability/log.server';
import { countActivity, noteQuestionAnswered } from '#server/analytics/index.server';

const REPLY_QUOTE_MAX = 140;
const CLIENT_ID = /^[A-Za-z0-9_-]{6,64}$/;

export const REFUSAL: Record<AdmissionRefusal, { code: ChatErrorCode; close: number }> = {
  blocked: { code: 'blocked', close: CHAT_CLOSE.blocked },
  notYetOpen: { code: 'notYetOpen', close: CHAT_CLOSE.notYetOpen },
  ended: { code: 'ended', close: CHAT_CLOSE.over },
  expired: { code: 'expired', close: CHAT_CLOSE.over },
  cancelled: { code: 'cancelled', close: CHAT_CLOSE.over },
  // Without a ticket (or a registration) the chat stays shut, as the room does.
  ticketRequired: { code: 'forbidden', close: CHAT_CLOSE.blocked },
  registrationRequired: { code: 'forbidden', close: CHAT_CLOSE.blocked },
  // Not yet admitted by a host, or denied (docs/decisions/0082): the chat stays shut, as the room does.
  waiting: { code: 'forbidden', close: CHAT_CLOSE.blocked },
  denied: { code: 'forbidden', close: CHAT_CLOSE.blocked },
};

/** What the frame commands need from the hub that owns the sockets. */
export interface FrameHost {
  services: Services;
  send(ws: WebSocket, frame: ServerFrame): void;
  fatal(ws: WebSocket, code: ChatErrorCode, close: number): void;
  /** The socket's event, from the hub's short-lived cache. */
  eventOf(conn: Conn): Promise<EventRecord | null>;
  /** This instance's reactions: the rate limit and the sums going on the bus. */
  reactions: ChatReactions;
}

export class ChatFrames {
  private sendLimiter = new RateLimiterMemory({
    points: CHAT_SEND_LIMIT.points,
    duration: CHAT_SEND_LIMIT.seconds,
  });
  private actionLimiter = new RateLimiterMemory({
    points: CHAT_ACTION_LIMIT.points,
    duration: CHAT_ACTION_LIMIT.seconds,
  });

  constructor(private hub: FrameHost) {}

  async handle(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (isBinary) return this.hub.send(conn.ws, { type: 'error', code: 'badFrame' });
    let raw: unknown;
    try {
      raw = JSON.parse(
        Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8'),
      );
    } catch {
      return this.hub.send(conn.ws, { type: 'error', code: 'badFrame' });
    }
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const clientId = (raw as { clientId?: unknown } | null)?.clientId;
      return this.hub.send(conn.ws, {
        type: 'error',
        code: 'badFrame',
        ...(typeof clientId === 'string' && CLIENT_ID.test(clientId) ? { clientId } : {}),
      });
    }
    const frame = parsed.data;
    if (frame.type === 'ping') return this.hub.send(conn.ws, { type: 'pong' });
    if (frame.type === 'react') return this.react(conn, frame.emoji);
    try {
      const event = await this.admittedEvent(conn);
      if (!event) return;
      await this.apply(conn, event, frame);
    } catch (e) {
      if (e instanceof ChatError) {
        return this.hub.send(conn.ws, {
          type: 'error',
          clientId: frame.clientId,
          code: e.code,
          ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
        });
      }
      log.error(`[chat] ${frame.type} failed for ${conn.tenant.id}/${conn.eventId}`, e);
      this.hub.send(conn.ws, {
        type: 'error',
        clientId: frame.clientId,
        code: 'unavailable',
      });
    }
  }

  /**
   * The socket's event while the person may still be in its room (else the socket is closed and
   * null): the event may have ended, or the person been blocked, since the socket joined. The seat
   * was checked when it joined: a frame costs no ticket read.
   */
  private async admittedEvent(conn: Conn): Promise<EventRecord | null> {
    const event = await this.hub.eventOf(conn);
    if (!event) {
      this.hub.fatal(conn.ws, 'notFound', CHAT_CLOSE.notFound);
      return null;
    }
    const admission = await admitToRoom(conn.data, event, conn.user, Date.now(), { seated: true });
    if (!admission.ok) {
      this.hub.fatal(conn.ws, REFUSAL[admission.reason].code, REFUSAL[admission.reason].close);
      return null;
    }
    return event;
  }

  /**
   * One live reaction (docs/decisions/0079). Over the person's allowance it is dropped without an
   * answer, before anything is read, so a flood costs a map lookup per frame; with reactions off
   * for the tenant or the event the sender is told so (its bar goes away) and nothing is counted.
   */
  private async react(conn: Conn, emoji: ReactionEmoji): Promise<void> {
    if (!this.hub.reactions.allow(conn.tenant.id, conn.eventId, conn.user.sub)) return;
    try {
      const event = await this.admittedEvent(conn);
      if (!event) return;
      if (!reactionsEnabled(conn.tenant.features, event)) return this.hub.send(conn.ws, { type: 'reactionsOff' });
      // On the chat's own channel: a breakout's reactions float in that breakout (docs/decisions/0084).
      this.hub.reactions.collect(conn.tenant.id, conn.chatId, emoji);
      countActivity(conn.data, conn.eventId, 'reactions');
    } catch (e) {
      log.error(`[chat] react failed for ${conn.tenant.id}/${conn.eventId}`, e);
      this.hub.send(conn.ws, { type: 'error', code: 'unavailable' });
    }
  }

  private async limit(limiter: RateLimiterMemory, conn: Conn): Promise<void> {
    try {
      await limiter.consume(`${conn.tenant.id}:${conn.eventId}:${conn.user.sub}`);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw new ChatError('rateLimited', Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
      throw e;
    }
  }

  private async apply(conn: Conn, event: EventRecord, frame: Exclude<ClientFrame, { type: 'ping' | 'react' }>): Promise<void> {
    const { chat } = conn.data;
    // The chat's own id: the event's, or a breakout's (docs/decisions/0084).
    const eventId = conn.chatId;
    const ack = (msgId?: string) =>
      this.hub.send(conn.ws, {
        type: 'ack',
        clientId: frame.clientId,
        ...(msgId ? { msgId } : {}),
      });
    const publish = (change: Sequenced | null) => chat.publish(eventId, change);
    // Staff actions need the role both at join and now (a host taken off the list loses them at once).
    const staffNow = isStaff(conn.viewer.role) && isStaff(roleOf(event, conn.user));

    switch (frame.type) {
      case 'send':
        return await this.sendMessage(conn, event, frame);
      case 'like': {
        await this.limit(this.actionLimiter, conn);
        await publish(await chat.like(eventId, conn.viewer, frame.likedMsgId, frame.liked));
        return ack();
      }
      case 'vote': {
        await this.limit(this.actionLimiter, conn);
        await publish(await chat.vote(eventId, conn.viewer, frame.msgId, frame.voted));
        return ack();
      }
      case 'history': {
        await this.limit(this.actionLimiter, conn);
        const page = await chat.page(eventId, frame.before);
        const myLikes = await chat.likedAmong(
          eventId,
          conn.user.sub,
          page.messages.map((m) => m.msgId),
        );
        return this.hub.send(conn.ws, {
          type: 'history',
          clientId: frame.clientId,
          messages: page.messages,
          hasMore: page.hasMore,
          myLikes,
        });
      }
    }
    if (!staffNow) throw new ChatError('forbidden');
    await this.limit(this.actionLimiter, conn);
    switch (frame.type) {
      case 'approve': {
        const change = await chat.approve(eventId, frame.msgId);
        await publish(change);
        return ack(change?.event.kind === 'message' ? change.event.message.msgId : undefined);
      }
      case 'delete':
        await publish(await chat.remove(eventId, conn.viewer, frame.msgId));
        return ack();
      case 'answer': {
        const change = await chat.answer(eventId, frame.msgId, frame.answered);
        await publish(change);
        if (change && frame.answered) void noteQuestionAnswered(conn.data, conn.eventId, eventId, frame.msgId);
        return ack();
      }
      case 'block':
      case 'unblock': {
        // The room API's rule and effects (moderation.server.ts): nobody blocks the organizer or a host.
        const deps = { data: conn.data, video: this.hub.services.video };
        const result =
          frame.type === 'block' ? await blockUser(deps, conn.tenant, event, conn.user, frame.userId) : await unblockUser(deps, event, conn.user, frame.userId);
        if (!result.ok) throw new ChatError('forbidden');
        if (result.videoError) log.warn(`[chat] could not remove ${frame.userId} from the video room: ${(result.videoError as Error).message}`);
        return ack();
      }
    }
  }

  private async sendMessage(conn: Conn, event: EventRecord, frame: Extract<ClientFrame, { type: 'send' }>): Promise<void> {
    const { chat, files } = conn.data;
    const eventId = conn.chatId;
    const text = cleanText(frame.textMessage);
    const hasFiles = frame.imageKeys.length + frame.attachmentKeys.length > 0;
    if (!text && !hasFiles) throw new ChatError('empty');
    if (charCount(text) > CHAT_TEXT_MAX) throw new ChatError('tooLong');
    if (frame.showHandQuestion && frame.recipient) throw new ChatError('badFrame');
    await this.limit(this.sendLimiter, conn);

    const role = conn.viewer.role;
    // Files and donations belong to the event, whichever of its chats the message is sent in.
    const sender = { eventId: conn.eventId, sub: conn.user.sub };
    const [chatImageUrls, attachmentUrls, reply, recipient, supporter] = await Promise.all([
      checkChatFiles(files, sender, frame.imageKeys, CHAT_IMAGE_TYPES),
      checkChatFiles(files, sender, frame.attachmentKeys, CHAT_ATTACHMENT_TYPES),
      frame.replyToMsgId ? chat.findMessage(eventId, frame.replyToMsgId, ['pub', 'prv']) : null,
      frame.recipient ? this.recipientFor(conn, event, frame.recipient) : null,
      // The badge is the server's word, read from the donations at send time: a browser cannot claim it.
      conn.data.donations.hasDonated(conn.eventId, conn.user.sub),
    ]);
    if (frame.replyToMsgId && (!reply || reply.message.deleted || !canSee(reply.audience, conn.viewer))) throw new ChatError('messageNotFound');

    const change = await chat.postMessage(eventId, {
      chatMsgType: frame.showHandQuestion ? 'question' : chatImageUrls.length ? 'image' : attachmentUrls.length ? 'attachment' : 'text',
      textMessage: text,
      sender: conn.user.sub,
      senderRole: role,
      chatDisplayName: conn.me.displayName,
      avatarBgColor: conn.me.avatarBgColor,
      chatImageUrls,
      attachmentUrls,
      replyToMsgId: reply ? reply.message.msgId : null,
      replyToText: reply ? [...reply.message.textMessage].slice(0, REPLY_QUOTE_MAX).join('') : '',
      replyToDisplayName: reply ? reply.message.chatDisplayName : '',
      showHandQuestion: frame.showHandQuestion,
      originalQuestionLangCode: frame.showHandQuestion ? frame.originalQuestionLangCode ?? null : null,
      isPrivateMsg: Boolean(recipient),
      recipient: recipient ? recipient.userId : null,
      recipientDisplayName: recipient ? recipient.displayName : null,
      msgSubType: recipient ? (isStaff(role) ? 'fromHost' : 'toHost') : null,
      // With moderateChat a participant's public message waits for a host; staff messages never do.
      status: !recipient && event.moderateChat && !isStaff(role) ? 'pending' : 'approved',
      createdAt: new Date().toISOString(),
      clientId: frame.clientId,
      ...(supporter ? { supporter: true } : {}),
      ...(conn.me.avatarId ? { avatarId: conn.me.avatarId } : {}),
    });
    await chat.publish(eventId, change);
    if (change) countActivity(conn.data, conn.eventId, frame.showHandQuestion ? 'questions' : 'chatMessages');
    // No change: this frame's message was stored by an earlier send whose answer was lost.
    const msgId = change?.event.kind === 'message' ? change.event.message.msgId : await chat.sentMessageId(eventId, conn.user.sub, frame.clientId);
    this.hub.send(conn.ws, { type: 'ack', clientId: frame.clientId, ...(msgId ? { msgId } : {}) });
  }

  /** Private messages go from a participant to a host or the organizer, or from them to a participant who joined the chat. */
  private async recipientFor(conn: Conn, event: EventRecord, userId: string): Promise<ChatMember> {
    const { chat } = conn.data;
    if (userId === conn.user.sub) throw new ChatError('recipientInvalid');
    if (isStaff(conn.viewer.role)) {
      const member = await chat.getMember(conn.chatId, userId);
      if (!member || member.role !== 'participant' || roleOf(event, { sub: userId }) !== 'participant')
        throw new ChatError('recipientInvalid');
      return {
        userId,
        displayName: member.displayName,
        role: member.role,
        avatarBgColor: member.avatarBgColor,
      };
    }
    const staff = await chat.getStaff(conn.chatId, userId);
    const stillStaff = staff && (staff.role === 'organizer' || roleOf(event, { sub: userId }) !== 'participant');
    if (!staff || !stillStaff) throw new ChatError('recipientInvalid');
    return {
      userId,
      displayName: staff.displayName,
      role: staff.role,
      avatarBgColor: staff.avatarBgColor,
    };
  }
}
