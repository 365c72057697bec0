/**
 * The per-instance chat hub: authenticates each socket, joins it to its event's channel, sends
 * the welcome (snapshot or resume: welcome.server.ts), hands its frames to the frame commands
 * (frames.server.ts) and fans out every published change to the local sockets allowed to see it.
 * docs/decisions/0012-event-chat.md.
 *
 * No gap at join: the hub subscribes to the bus BEFORE reading the snapshot, holds the live
 * changes for the joining socket meanwhile, and after the welcome sends those newer than the
 * welcome's headSeq. A change's frame is serialised once, by the instance that committed it.
 */
import { WebSocket, type RawData } from 'ws';
import { CHAT_CLOSE, CHAT_PING_SECONDS, avatarColorFor, canSee, type ChatErrorCode, type ChatMember, type ServerFrame } from '#app/lib/chat/protocol';
import { eventIdSchema, type EventRecord } from '#app/lib/events/model';
import { isStaff } from '#app/lib/events/permissions';
import { getSessionUser } from '#server/identity/index.server';
import type { SessionUser } from '#app/lib/identity/types';
import type { AppLoadContext } from '@remix-run/node';
import type { Tenant } from '#app/lib/config/tenant';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import type { Services } from '#server/services';
import { chatChannel } from './bus.server';
import { ChatFrames, REFUSAL } from './frames.server';
import { decodeBusMessage, type ChatControl } from './service.server';
import { welcomeFrame } from './welcome.server';
import { ChatReactions } from './reactions.server';
import { ReactionWindow } from './reactionWindow.server';
import type { ReactionCounts } from '#app/lib/reactions/protocol';
import { sharedEventRead } from '#server/rooms/index.server';
import { admitToRoom } from '#server/entitlement/index.server';
import { breakoutChatFor } from '#server/breakouts/index.server';
import { shownName } from '#app/lib/identity/displayName';
import { announceJoined, announceLeft, newPresence, refreshPresence } from './presence.server';
import type { Conn, Live, Room } from './conn.server';
import { countChatFanout, countChatSocket } from '#server/observability/metrics.server';
import { log } from '#server/observability/log.server';
import { TtlCache } from '#server/platform/ttlCache';

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

/** A socket that buffers more than this (a stalled reader) is dropped; it resumes when it reconnects. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Frames a socket may send before its welcome; they are handled once it is joined. */
const MAX_EARLY_FRAMES = 16;
const TEXT = { binary: false } as const;

export class ChatHub {
  private rooms = new Map<string, Room>();
  private conns = new Set<Conn>();
  private events: TtlCache<EventRecord>;
  private keepAlive: NodeJS.Timeout;
  private closing = false;
  private services: Services;
  private frames: ChatFrames;
  /** Reactions this instance's sockets send: rate limit and sums on their way to the bus (docs/decisions/0079). */
  readonly reactions: ChatReactions;

  constructor(options: HubOptions) {
    this.services = options.services;
    this.reactions = new ChatReactions({ publish: (tenantId, eventId, counts) => void this.services.chat.reactions(tenantId, eventId, counts) });
    this.frames = new ChatFrames({
      services: this.services,
      send: (ws, frame) => this.send(ws, frame),
      fatal: (ws, code, close) => this.fatal(ws, code, close),
      eventOf: (conn) => this.eventOf(conn),
      reactions: this.reactions,
    });
    this.events = new TtlCache<EventRecord>(options.eventTtlMs ?? 5000);
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

      const data = tenantData(this.services, tenant.id);
      // An audience arriving together shares the event read in flight and each person's recent
      // profile read with their room data (docs/decisions/0024, "Per-join cost").
      const [found, profile] = await Promise.all([this.joiningEvent(data, eventId), data.profiles.recent(user.sub)]);
      const event = found && (await this.acceptedFor(data, found, user));
      if (!event) return this.fatal(ws, 'notFound', CHAT_CLOSE.notFound);
      // The room's one admission: a paid event's chat (or a free one with a capacity) is for its ticket holders, organizer, hosts and admins.
      const admission = await admitToRoom(data, event, user);
      if (!admission.ok) return this.fatal(ws, REFUSAL[admission.reason].code, REFUSAL[admission.reason].close);
      if (ws.readyState !== WebSocket.OPEN) return;

      const role = admission.role;
      // `&breakout=<id>`: the chat of a breakout the person is placed in (any, for staff): docs/decisions/0084.
      const breakoutParam = url.searchParams.get('breakout');
      const chatId = breakoutParam === null ? eventId : await breakoutChatFor(data, event, user.sub, role, breakoutParam);
      if (!chatId) return this.fatal(ws, 'notFound', CHAT_CLOSE.notFound);
      if (ws.readyState !== WebSocket.OPEN) return;
      const displayName = shownName(user, profile);
      const me: ChatMember = {
        userId: user.sub,
        displayName,
        role,
        avatarBgColor: avatarColorFor(user.sub),
        // The avatar as chosen when the person joined; messages carry it (docs/decisions/0045).
        ...(profile?.avatarId ? { avatarId: profile.avatarId } : {}),
      };
      conn = {
        ws,
        tenant,
        data,
        eventId,
        chatId,
        user,
        me,
        viewer: { userId: user.sub, role },
        room: null,
        held: [],
        lastSeen,
        chain: Promise.resolve(),
        presence: newPresence(user.sub, displayName, role),
      };
      this.conns.add(conn);
      countChatSocket(tenant.id, 1);
      const room = this.roomFor(data, chatId);
      conn.room = room;
      room.conns.add(conn);
      await room.ready;

      const { chat } = data;
      const [wasMember] = await Promise.all([
        chat.putMember(chatId, me, user.email),
        announceJoined(conn),
        isStaff(role) ? chat.staffJoined(chatId, me, user.email).then((change) => chat.publish(chatId, change)) : null,
      ]);
      const welcome = await welcomeFrame(conn, room, event, after, { firstVisit: !wasMember });
      if (ws.readyState !== WebSocket.OPEN) return;
      this.send(ws, welcome);
      const held = conn.held ?? [];
      conn.held = null;
      for (const live of held) if (live.seq > welcome.headSeq) this.deliverTo(conn, live);
      for (const [frame, isBinary] of early) this.enqueue(conn, frame, isBinary);
    } catch (e) {
      log.error('[chat] join failed', e);
      this.send(ws, { type: 'error', code: 'unavailable' });
      ws.close(1011, 'unavailable');
    }
  }

  private fatal(ws: WebSocket, code: ChatErrorCode, close: number) {
    this.send(ws, { type: 'error', code, fatal: true });
    ws.close(close, code);
  }

  private leave(conn: Conn) {
    if (this.conns.delete(conn)) {
      announceLeft(conn);
      countChatSocket(conn.tenant.id, -1);
    }
    const room = conn.room;
    if (!room) return;
    room.conns.delete(conn);
    if (room.conns.size > 0 || this.rooms.get(room.key) !== room) return;
    this.rooms.delete(room.key);
    room.reactions?.close();
    void room.ready.then(() => room.unsubscribe?.()).catch((e: unknown) => log.warn(`[chat] unsubscribe ${room.key}: ${(e as Error).message}`));
  }

  private roomFor(data: TenantData, eventId: string): Room {
    const key = chatChannel(data.tenantId, eventId);
    const existing = this.rooms.get(key);
    if (existing) return existing;
    const created: Room = {
      key,
      data,
      eventId,
      conns: new Set(),
      ready: Promise.resolve(),
      unsubscribe: null,
      version: 0,
      snapshot: null,
      reactions: null,
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
    refreshPresence(this.conns, now);
    this.reactions.sweep(now);
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
    this.reactions.close();
    for (const conn of this.conns) conn.ws.close(1001, 'server shutting down');
    const rooms = [...this.rooms.values()];
    for (const room of rooms) room.reactions?.close();
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
    if (message.type === 'notice') return this.onNotice(room, message.frame);
    if (message.type === 'reactions') return this.onReactions(room, message.counts);
    room.data.chat.observe(room.eventId, message.seq, message.stream);
    room.version++;
    room.snapshot = null;
    const live: Live = {
      seq: message.seq,
      audience: message.audience,
      frame: message.frame,
    };
    const everyone = live.audience.everyone;
    let bytes: Buffer | null = null;
    let delivered = 0;
    for (const conn of room.conns) {
      if (conn.held) {
        conn.held.push(live);
        continue;
      }
      if (!everyone && !canSee(live.audience, conn.viewer)) continue;
      bytes ??= Buffer.from(live.frame);
      this.sendRaw(conn.ws, bytes);
      delivered++;
    }
    countChatFanout(room.data.tenantId, live.frame, delivered);
  }

  /** A room notice goes to every socket; one still joining gets it right after its welcome. */
  private onNotice(room: Room, frame: string) {
    const live: Live = { seq: Number.MAX_SAFE_INTEGER, audience: { everyone: true, staff: false, users: [] }, frame };
    let bytes: Buffer | null = null;
    for (const conn of room.conns) {
      if (conn.held) {
        conn.held.push(live);
        continue;
      }
      bytes ??= Buffer.from(frame);
      this.sendRaw(conn.ws, bytes);
    }
    countChatFanout(room.data.tenantId, frame, room.conns.size);
  }

  /**
   * Reactions from every instance are summed once more here, so each socket gets at most one
   * reactions frame per window however many instances send them (docs/decisions/0079).
   */
  private onReactions(room: Room, counts: ReactionCounts) {
    if (!room.reactions) {
      const window = new ReactionWindow({
        flush: (summed) => this.deliverReactions(room, summed),
        onIdle: () => {
          if (room.reactions === window) room.reactions = null;
        },
      });
      room.reactions = window;
    }
    room.reactions.add(counts);
  }

  /** One window's counts to every joined socket of the room (one still joining misses them: they are not kept). */
  private deliverReactions(room: Room, counts: ReactionCounts) {
    const frame = JSON.stringify({ type: 'reactions', counts } satisfies ServerFrame);
    let bytes: Buffer | null = null;
    let delivered = 0;
    for (const conn of room.conns) {
      if (conn.held) continue;
      bytes ??= Buffer.from(frame);
      this.sendRaw(conn.ws, bytes);
      delivered++;
    }
    countChatFanout(room.data.tenantId, frame, delivered);
  }

  private deliverTo(conn: Conn, live: Live) {
    if (canSee(live.audience, conn.viewer)) this.sendRaw(conn.ws, live.frame);
  }

  private onControl(room: Room, control: ChatControl) {
    this.events.delete(room.key);
    // A block or unblock written by any instance: the room's other doors here read the event afresh (docs/decisions/0091).
    room.data.events.forgetRecent(room.eventId);
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

  private async freshEvent(data: TenantData, eventId: string): Promise<EventRecord | null> {
    return this.remember(data, eventId, await data.events.get(eventId));
  }

  /** The event for a joining socket: read now, joining a read already in flight (sharedEventRead). */
  private async joiningEvent(data: TenantData, eventId: string): Promise<EventRecord | null> {
    return this.remember(data, eventId, await sharedEventRead(data, eventId));
  }

  private remember(data: TenantData, eventId: string, event: EventRecord | null): EventRecord | null {
    if (event) this.events.set(chatChannel(data.tenantId, eventId), event);
    return event;
  }

  /** The event after accepting the joining user's host invitation (if any); the cache gets the new binding. */
  private async acceptedFor(data: TenantData, event: EventRecord, user: SessionUser): Promise<EventRecord> {
    const accepted = await data.invitations.accept(event, user);
    if (accepted !== event) this.events.set(chatChannel(data.tenantId, event.eventId), accepted);
    return accepted;
  }

  private async eventOf(conn: Conn): Promise<EventRecord | null> {
    const cached = this.events.get(chatChannel(conn.tenant.id, conn.eventId));
    if (cached) return cached;
    return this.freshEvent(conn.data, conn.eventId);
  }

  // ------------------------------------------------------------------------------------------
  // Frames
  // ------------------------------------------------------------------------------------------

  private enqueue(conn: Conn, data: RawData, isBinary: boolean) {
    conn.lastSeen = Date.now();
    conn.chain = conn.chain.then(() => this.frames.handle(conn, data, isBinary)).catch((e: unknown) => log.error('[chat] frame handling failed', e));
  }
}
