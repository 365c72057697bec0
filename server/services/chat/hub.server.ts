/**
 * The per-instance chat hub: authenticates each socket, joins it to its event's channel, sends
 * the welcome (snapshot or resume), handles its frames and fans out every published change to
 * the local sockets allowed to see it. docs/decisions/0012-event-chat.md.
 *
 * No gap at join: the hub subscribes to the bus BEFORE reading the snapshot, holds the live
 * changes for the joining socket meanwhile, and after the welcome sends those newer than the
 * welcome's headSeq. A change's frame is serialised once, by the instance that committed it.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocket, type RawData } from 'ws';
import {
  CHAT_ACTION_LIMIT,
  CHAT_ATTACHMENT_TYPES,
  CHAT_CLOSE,
  CHAT_IMAGE_TYPES,
  CHAT_PING_SECONDS,
  CHAT_RESUME_MAX,
  CHAT_SEND_LIMIT,
  CHAT_TEXT_MAX,
  avatarColorFor,
  canSee,
  chatFileUrl,
  clientFrameSchema,
  type ChatAudience,
  type ChatErrorCode,
  type ChatMember,
  type ClientFrame,
  type ServerFrame,
  type WelcomeFrame,
} from '#app/lib/chat/protocol';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { canJoin, isStaff, roleOf, type JoinRefusal } from '#app/lib/events/permissions';
import { getSessionUser } from '../../identity/session.server';
import type { SessionUser } from '#app/lib/identity/types';
import type { AppLoadContext } from '@remix-run/node';
import type { Tenant } from '#app/lib/config/tenant';
import { getEvent } from '../events.server';
import { acceptHostInvitation } from '../hostInvitations.server';
import type { Services } from '../index.server';
import { blockUser, unblockUser } from '../moderation.server';
import { getProfile } from '../profiles.server';
import { tenantObjectKey } from '../storage.server';
import { chatChannel } from './bus.server';
import { ChatError, type PublicSnapshot, type Viewer } from './repository.server';
import { decodeBusMessage, type ChatControl } from './service.server';

export interface HubOptions {
  services: Services;
  /** Keep-alive interval (default CHAT_PING_SECONDS); a socket silent for three intervals is dropped. */
  pingSeconds?: number;
  /** How long a cached event is trusted (ms, default 5000); block/unblock invalidate it at once on every instance. */
  eventTtlMs?: number;
}

export interface ConnectInfo {
  tenant: Tenant;
  url: URL;
  cookie: string | undefined;
}

interface Live {
  seq: number;
  audience: ChatAudience;
  frame: string;
}

interface Conn {
  ws: WebSocket;
  tenant: Tenant;
  eventId: string;
  user: SessionUser;
  me: ChatMember;
  viewer: Viewer;
  room: Room | null;
  /** Live changes held while the welcome is prepared; null once it is sent. */
  held: Live[] | null;
  lastSeen: number;
  chain: Promise<void>;
}

interface Room {
  key: string;
  tenantId: string;
  eventId: string;
  conns: Set<Conn>;
  ready: Promise<void>;
  unsubscribe: (() => Promise<void>) | null;
  /** Bumped by every change received; a cached public snapshot is valid only for the version it was read at. */
  version: number;
  snapshot: { version: number; promise: Promise<PublicSnapshot> } | null;
}

/** A socket that buffers more than this (a stalled reader) is dropped; it resumes when it reconnects. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Frames a socket may send before its welcome; they are handled once it is joined. */
const MAX_EARLY_FRAMES = 16;
const REPLY_QUOTE_MAX = 140;
const CLIENT_ID = /^[A-Za-z0-9_-]{6,64}$/;

/** C0/C1 control characters except tab and newline, and the bidirectional overrides used to disguise text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** The text a message keeps: newlines normalised, control characters removed, trimmed. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

export const charCount = (text: string) => [...text].length;

const REFUSAL: Record<JoinRefusal, { code: ChatErrorCode; close: number }> = {
  blocked: { code: 'blocked', close: CHAT_CLOSE.blocked },
  notYetOpen: { code: 'notYetOpen', close: CHAT_CLOSE.notYetOpen },
  ended: { code: 'ended', close: CHAT_CLOSE.over },
  expired: { code: 'expired', close: CHAT_CLOSE.over },
  cancelled: { code: 'cancelled', close: CHAT_CLOSE.over },
};

const TEXT = { binary: false } as const;

export class ChatHub {
  private rooms = new Map<string, Room>();
  private conns = new Set<Conn>();
  private events = new Map<string, { event: EventRecord; at: number }>();
  private sendLimiter = new RateLimiterMemory({
    points: CHAT_SEND_LIMIT.points,
    duration: CHAT_SEND_LIMIT.seconds,
  });
  private actionLimiter = new RateLimiterMemory({
    points: CHAT_ACTION_LIMIT.points,
    duration: CHAT_ACTION_LIMIT.seconds,
  });
  private keepAlive: NodeJS.Timeout;
  private closing = false;
  private services: Services;
  private eventTtlMs: number;

  constructor(options: HubOptions) {
    this.services = options.services;
    this.eventTtlMs = options.eventTtlMs ?? 5000;
    const interval = (options.pingSeconds ?? CHAT_PING_SECONDS) * 1000;
    this.keepAlive = setInterval(() => this.sweep(interval), interval);
    this.keepAlive.unref();
    // Deliveries may have been lost while the bus was away: every client resumes from the log.
    this.services.chat.bus.onGap(() => {
      for (const room of this.rooms.values()) {
        room.version++;
        room.snapshot = null;
      }
      this.events.clear();
      for (const conn of this.conns) conn.ws.close(1012, 'resume');
    });
  }

  // ------------------------------------------------------------------------------------------
  // Connections
  // ------------------------------------------------------------------------------------------

  /** Takes an accepted socket: authenticates it inside the socket (fatal error frame + close code on refusal). */
  async connect(ws: WebSocket, info: ConnectInfo): Promise<void> {
    const early: Array<[RawData, boolean]> = [];
    let conn: Conn | null = null;
    let lastSeen = Date.now();
    ws.on('error', () => {
      // Oversized or malformed frames: ws closes the socket (1009 / 1002); nothing else to do.
    });
    ws.on('pong', () => {
      lastSeen = Date.now();
      if (conn) conn.lastSeen = lastSeen;
    });
    ws.on('message', (data, isBinary) => {
      if (conn && !conn.held) {
        this.enqueue(conn, data, isBinary);
      } else if (early.length < MAX_EARLY_FRAMES) {
        early.push([data, isBinary]);
      } else {
        this.send(ws, { type: 'error', code: 'badFrame' });
      }
    });
    ws.on('close', () => {
      if (conn) this.leave(conn);
    });

    try {
      const { tenant, url } = info;
      const request = new Request(`http://chat.invalid${url.pathname}`, {
        headers: info.cookie ? { cookie: info.cookie } : {},
      });
      const user = await getSessionUser({
        request,
        context: {
          tenant,
          services: this.services,
        } as unknown as AppLoadContext,
      });
      if (!user) return this.fatal(ws, 'unauthenticated', CHAT_CLOSE.unauthenticated);
      const eventParam = eventIdSchema.safeParse(url.searchParams.get('event') ?? '');
      const afterParam = url.searchParams.get('after');
      if (!eventParam.success || (afterParam !== null && !/^\d{1,15}$/.test(afterParam))) return this.fatal(ws, 'badRequest', CHAT_CLOSE.badRequest);
      const eventId = eventParam.data;
      const after = afterParam === null ? null : Number(afterParam);

      const [found, profile] = await Promise.all([this.freshEvent(tenant.id, eventId), getProfile(this.services.db, tenant.id, user.sub)]);
      const event = found && (await this.acceptedFor(found, user));
      if (!event) return this.fatal(ws, 'notFound', CHAT_CLOSE.notFound);
      const decision = canJoin(event, user, Date.now());
      if (!decision.ok) return this.fatal(ws, REFUSAL[decision.reason].code, REFUSAL[decision.reason].close);
      if (ws.readyState !== WebSocket.OPEN) return;

      const role = decision.role;
      const displayName = profile?.displayName.trim() || user.email?.split('@')[0] || user.username;
      const me: ChatMember = {
        userId: user.sub,
        displayName,
        role,
        avatarBgColor: avatarColorFor(user.sub),
      };
      conn = {
        ws,
        tenant,
        eventId,
        user,
        me,
        viewer: { userId: user.sub, role },
        room: null,
        held: [],
        lastSeen,
        chain: Promise.resolve(),
      };
      this.conns.add(conn);
      const room = this.roomFor(tenant.id, eventId);
      conn.room = room;
      room.conns.add(conn);
      await room.ready;

      const { chat } = this.services;
      await Promise.all([
        chat.repository.putMember(tenant.id, eventId, me, user.email),
        isStaff(role) ? chat.repository.staffJoined(tenant.id, eventId, me, user.email).then((change) => chat.publish(tenant.id, eventId, change)) : null,
      ]);
      const welcome = await this.welcome(conn, room, event, after);
      if (ws.readyState !== WebSocket.OPEN) return;
      this.send(ws, welcome);
      const held = conn.held ?? [];
      conn.held = null;
      for (const live of held) if (live.seq > welcome.headSeq) this.deliverTo(conn, live);
      for (const [data, isBinary] of early) this.enqueue(conn, data, isBinary);
    } catch (e) {
      console.error('[chat] join failed', e);
      this.send(ws, { type: 'error', code: 'unavailable' });
      ws.close(1011, 'unavailable');
    }
  }

  private fatal(ws: WebSocket, code: ChatErrorCode, close: number) {
    this.send(ws, { type: 'error', code, fatal: true });
    ws.close(close, code);
  }

  private leave(conn: Conn) {
    this.conns.delete(conn);
    const room = conn.room;
    if (!room) return;
    room.conns.delete(conn);
    if (room.conns.size > 0 || this.rooms.get(room.key) !== room) return;
    this.rooms.delete(room.key);
    void room.ready.then(() => room.unsubscribe?.()).catch((e: unknown) => console.warn(`[chat] unsubscribe ${room.key}: ${(e as Error).message}`));
  }

  private roomFor(tenantId: string, eventId: string): Room {
    const key = chatChannel(tenantId, eventId);
    const existing = this.rooms.get(key);
    if (existing) return existing;
    const created: Room = {
      key,
      tenantId,
      eventId,
      conns: new Set(),
      ready: Promise.resolve(),
      unsubscribe: null,
      version: 0,
      snapshot: null,
    };
    created.ready = this.services.chat.bus
      .subscribe(key, (payload) => this.onPayload(created, payload))
      .then((unsubscribe) => {
        created.unsubscribe = unsubscribe;
      });
    // A failed subscription fails the joins waiting for it; the next join tries afresh.
    created.ready.catch(() => {
      if (this.rooms.get(key) === created) this.rooms.delete(key);
    });
    this.rooms.set(key, created);
    return created;
  }

  private sweep(intervalMs: number) {
    const now = Date.now();
    for (const conn of this.conns) {
      if (now - conn.lastSeen > 3 * intervalMs) conn.ws.terminate();
      else if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
    }
  }

  /** Closes every socket (1001: clients reconnect, to another instance behind a load balancer) and leaves every channel. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.keepAlive);
    for (const conn of this.conns) conn.ws.close(1001, 'server shutting down');
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    await Promise.allSettled(rooms.map((room) => room.ready.then(() => room.unsubscribe?.())));
  }

  // ------------------------------------------------------------------------------------------
  // Fan-out
  // ------------------------------------------------------------------------------------------

  private onPayload(room: Room, payload: string) {
    const message = decodeBusMessage(payload);
    if (!message) return;
    if (message.type === 'control') return this.onControl(room, message.control);
    this.services.chat.repository.observe(room.tenantId, room.eventId, message.seq, message.stream);
    room.version++;
    room.snapshot = null;
    const live: Live = {
      seq: message.seq,
      audience: message.audience,
      frame: message.frame,
    };
    const everyone = live.audience.everyone;
    let bytes: Buffer | null = null;
    for (const conn of room.conns) {
      if (conn.held) {
        conn.held.push(live);
        continue;
      }
      if (!everyone && !canSee(live.audience, conn.viewer)) continue;
      bytes ??= Buffer.from(live.frame);
      this.sendRaw(conn.ws, bytes);
    }
  }

  private deliverTo(conn: Conn, live: Live) {
    if (canSee(live.audience, conn.viewer)) this.sendRaw(conn.ws, live.frame);
  }

  private onControl(room: Room, control: ChatControl) {
    this.events.delete(room.key);
    if (control.kind !== 'blocked') return;
    for (const conn of room.conns) {
      if (conn.user.sub === control.userId) this.fatal(conn.ws, 'blocked', CHAT_CLOSE.blocked);
    }
  }

  private sendRaw(ws: WebSocket, data: string | Buffer) {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(data, TEXT);
  }

  private send(ws: WebSocket, frame: ServerFrame) {
    this.sendRaw(ws, JSON.stringify(frame));
  }

  // ------------------------------------------------------------------------------------------
  // Events (cached per instance)
  // ------------------------------------------------------------------------------------------

  private async freshEvent(tenantId: string, eventId: string): Promise<EventRecord | null> {
    const event = await getEvent(this.services.db, tenantId, eventId);
    if (event)
      this.events.set(chatChannel(tenantId, eventId), {
        event,
        at: Date.now(),
      });
    return event;
  }

  /** The event after accepting the joining user's host invitation (if any); the cache gets the new binding. */
  private async acceptedFor(event: EventRecord, user: SessionUser): Promise<EventRecord> {
    const accepted = await acceptHostInvitation(this.services.db, event.tenantId, event, user);
    if (accepted !== event) this.events.set(chatChannel(event.tenantId, event.eventId), { event: accepted, at: Date.now() });
    return accepted;
  }

  private async eventOf(conn: Conn): Promise<EventRecord | null> {
    const cached = this.events.get(chatChannel(conn.tenant.id, conn.eventId));
    if (cached && Date.now() - cached.at < this.eventTtlMs) return cached.event;
    return this.freshEvent(conn.tenant.id, conn.eventId);
  }

  // ------------------------------------------------------------------------------------------
  // Welcome
  // ------------------------------------------------------------------------------------------

  private publicSnapshot(room: Room): Promise<PublicSnapshot> {
    if (room.snapshot && room.snapshot.version === room.version) return room.snapshot.promise;
    const entry = {
      version: room.version,
      promise: this.services.chat.repository.publicSnapshot(room.tenantId, room.eventId),
    };
    room.snapshot = entry;
    entry.promise.catch(() => {
      if (room.snapshot === entry) room.snapshot = null;
    });
    return entry.promise;
  }

  private async welcome(conn: Conn, room: Room, event: EventRecord, after: number | null): Promise<WelcomeFrame> {
    const repo = this.services.chat.repository;
    const { tenant, eventId, viewer, me } = conn;
    const staff = isStaff(viewer.role);
    const blocked = () => (staff && event.blockedUsers.length ? repo.members(tenant.id, eventId, event.blockedUsers) : Promise.resolve([]));
    const base = {
      type: 'welcome' as const,
      me,
      moderateChat: event.moderateChat,
    };

    if (after !== null) {
      const headSeq = await repo.headSeq(tenant.id, eventId);
      if (after <= headSeq && headSeq - after <= CHAT_RESUME_MAX) {
        const [events, staffList, blockedList] = await Promise.all([
          repo.replay(tenant.id, eventId, after, headSeq, viewer),
          repo.listStaff(tenant.id, eventId),
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
      this.publicSnapshot(room),
      repo.pendingFor(tenant.id, eventId, viewer),
      repo.privateFor(tenant.id, eventId, viewer.userId),
      blocked(),
    ]);
    const ids = [...shared.messages, ...shared.questions, ...privateMessages].map((m) => m.msgId);
    const myLikes = await repo.likedAmong(tenant.id, eventId, viewer.userId, ids);
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

  // ------------------------------------------------------------------------------------------
  // Frames
  // ------------------------------------------------------------------------------------------

  private enqueue(conn: Conn, data: RawData, isBinary: boolean) {
    conn.lastSeen = Date.now();
    conn.chain = conn.chain.then(() => this.handle(conn, data, isBinary)).catch((e: unknown) => console.error('[chat] frame handling failed', e));
  }

  private async handle(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (isBinary) return this.send(conn.ws, { type: 'error', code: 'badFrame' });
    let raw: unknown;
    try {
      raw = JSON.parse(
        Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8'),
      );
    } catch {
      return this.send(conn.ws, { type: 'error', code: 'badFrame' });
    }
    const parsed = clientFrameSchema.safeParse(raw);
    if (!parsed.success) {
      const clientId = (raw as { clientId?: unknown } | null)?.clientId;
      return this.send(conn.ws, {
        type: 'error',
        code: 'badFrame',
        ...(typeof clientId === 'string' && CLIENT_ID.test(clientId) ? { clientId } : {}),
      });
    }
    const frame = parsed.data;
    if (frame.type === 'ping') return this.send(conn.ws, { type: 'pong' });
    try {
      // The event may have ended, or the person been blocked, since the socket joined.
      const event = await this.eventOf(conn);
      if (!event) return this.fatal(conn.ws, 'notFound', CHAT_CLOSE.notFound);
      const decision = canJoin(event, conn.user, Date.now());
      if (!decision.ok) return this.fatal(conn.ws, REFUSAL[decision.reason].code, REFUSAL[decision.reason].close);
      await this.apply(conn, event, frame);
    } catch (e) {
      if (e instanceof ChatError) {
        return this.send(conn.ws, {
          type: 'error',
          clientId: frame.clientId,
          code: e.code,
          ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
        });
      }
      console.error(`[chat] ${frame.type} failed for ${conn.tenant.id}/${conn.eventId}`, e);
      this.send(conn.ws, {
        type: 'error',
        clientId: frame.clientId,
        code: 'unavailable',
      });
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

  private async apply(conn: Conn, event: EventRecord, frame: Exclude<ClientFrame, { type: 'ping' }>): Promise<void> {
    const { chat } = this.services;
    const repo = chat.repository;
    const tenantId = conn.tenant.id;
    const eventId = conn.eventId;
    const ack = (msgId?: string) =>
      this.send(conn.ws, {
        type: 'ack',
        clientId: frame.clientId,
        ...(msgId ? { msgId } : {}),
      });
    const publish = (change: Awaited<ReturnType<typeof repo.approve>>) => chat.publish(tenantId, eventId, change);
    // Staff actions need the role both at join and now (a host taken off the list loses them at once).
    const staffNow = isStaff(conn.viewer.role) && isStaff(roleOf(event, conn.user));

    switch (frame.type) {
      case 'send':
        return await this.sendMessage(conn, event, frame);
      case 'like': {
        await this.limit(this.actionLimiter, conn);
        await publish(await repo.like(tenantId, eventId, conn.viewer, frame.likedMsgId, frame.liked));
        return ack();
      }
      case 'history': {
        await this.limit(this.actionLimiter, conn);
        const page = await repo.page(tenantId, eventId, frame.before);
        const myLikes = await repo.likedAmong(
          tenantId,
          eventId,
          conn.user.sub,
          page.messages.map((m) => m.msgId),
        );
        return this.send(conn.ws, {
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
        const change = await repo.approve(tenantId, eventId, frame.msgId);
        await publish(change);
        return ack(change?.event.kind === 'message' ? change.event.message.msgId : undefined);
      }
      case 'delete':
        await publish(await repo.remove(tenantId, eventId, conn.viewer, frame.msgId));
        return ack();
      case 'answer':
        await publish(await repo.answer(tenantId, eventId, frame.msgId, frame.answered));
        return ack();
      case 'block':
      case 'unblock': {
        // The room API's rule and effects (moderation.server.ts): nobody blocks the organizer or a host.
        const moderate = frame.type === 'block' ? blockUser : unblockUser;
        const result = await moderate(this.services, conn.tenant, event, conn.user, frame.userId);
        if (!result.ok) throw new ChatError('forbidden');
        if (result.videoError) console.warn(`[chat] could not remove ${frame.userId} from the video room: ${(result.videoError as Error).message}`);
        return ack();
      }
    }
  }

  private async checkFiles(conn: Conn, keys: string[], types: readonly string[]): Promise<string[]> {
    const unique = [...new Set(keys)];
    const prefix = `chat/${conn.eventId}/${conn.user.sub}/`;
    if (unique.some((key) => !key.startsWith(prefix))) throw new ChatError('badFile');
    const { storage } = this.services;
    await Promise.all(
      unique.map(async (key) => {
        let type: string | undefined;
        try {
          const head = await storage.client.send(
            new HeadObjectCommand({
              Bucket: storage.bucket,
              Key: tenantObjectKey(conn.tenant.id, key),
            }),
          );
          type = head.ContentType;
        } catch (e) {
          const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          const name = (e as Error).name;
          if (status === 404 || name === 'NotFound' || name === 'NoSuchKey' || name === 'StorageError') throw new ChatError('badFile');
          throw e;
        }
        if (!type || !types.includes(type.split(';')[0]!.trim().toLowerCase())) throw new ChatError('badFile');
      }),
    );
    return unique.map((key) => chatFileUrl(conn.eventId, key));
  }

  private async sendMessage(conn: Conn, event: EventRecord, frame: Extract<ClientFrame, { type: 'send' }>): Promise<void> {
    const { chat } = this.services;
    const repo = chat.repository;
    const tenantId = conn.tenant.id;
    const eventId = conn.eventId;
    const text = cleanText(frame.textMessage);
    const hasFiles = frame.imageKeys.length + frame.attachmentKeys.length > 0;
    if (!text && !hasFiles) throw new ChatError('empty');
    if (charCount(text) > CHAT_TEXT_MAX) throw new ChatError('tooLong');
    if (frame.showHandQuestion && frame.recipient) throw new ChatError('badFrame');
    await this.limit(this.sendLimiter, conn);

    const role = conn.viewer.role;
    const [chatImageUrls, attachmentUrls, reply, recipient] = await Promise.all([
      this.checkFiles(conn, frame.imageKeys, CHAT_IMAGE_TYPES),
      this.checkFiles(conn, frame.attachmentKeys, CHAT_ATTACHMENT_TYPES),
      frame.replyToMsgId ? repo.findMessage(tenantId, eventId, frame.replyToMsgId, ['pub', 'prv']) : null,
      frame.recipient ? this.recipientFor(conn, event, frame.recipient) : null,
    ]);
    if (frame.replyToMsgId && (!reply || reply.message.deleted || !canSee(reply.audience, conn.viewer))) throw new ChatError('messageNotFound');

    const change = await repo.postMessage(tenantId, eventId, {
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
    });
    await chat.publish(tenantId, eventId, change);
    this.send(conn.ws, {
      type: 'ack',
      clientId: frame.clientId,
      ...(change?.event.kind === 'message' ? { msgId: change.event.message.msgId } : {}),
    });
  }

  /** Private messages go from a participant to a host or the organizer, or from them to a participant who joined the chat. */
  private async recipientFor(conn: Conn, event: EventRecord, userId: string): Promise<ChatMember> {
    const repo = this.services.chat.repository;
    if (userId === conn.user.sub) throw new ChatError('recipientInvalid');
    if (isStaff(conn.viewer.role)) {
      const member = await repo.getMember(conn.tenant.id, conn.eventId, userId);
      if (!member || member.role !== 'participant' || roleOf(event, { sub: userId }) !== 'participant')
        throw new ChatError('recipientInvalid');
      return {
        userId,
        displayName: member.displayName,
        role: member.role,
        avatarBgColor: member.avatarBgColor,
      };
    }
    const staff = await repo.getStaff(conn.tenant.id, conn.eventId, userId);
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
