/**
 * One joined chat socket and the event room it is in, as the hub keeps them: the hub, its frame
 * commands (frames.server.ts) and the welcome (welcome.server.ts) all work on these.
 */
import type { WebSocket } from 'ws';
import type { ChatAudience, ChatMember } from '#app/lib/chat/protocol';
import type { SessionUser } from '#app/lib/identity/types';
import type { Tenant } from '#app/lib/config/tenant';
import type { TenantData } from '#server/data/tenantData.server';
import type { PublicSnapshot, Viewer } from './data/keys.server';
import type { PresentSocket } from './presence.server';
import type { ReactionWindow } from './reactionWindow.server';

/** A change held for a socket while its welcome is prepared. */
export interface Live {
  seq: number;
  audience: ChatAudience;
  frame: string;
}

export interface Conn {
  ws: WebSocket;
  tenant: Tenant;
  /** The tenant's data (docs/decisions/0018), bound once when the socket joins. */
  data: TenantData;
  eventId: string;
  /** The chat it is in: the event's (`eventId`), or one of its breakouts' (`<eventId>.<roomId>`, docs/decisions/0084). */
  chatId: string;
  user: SessionUser;
  me: ChatMember;
  viewer: Viewer;
  room: Room | null;
  /** Live changes held while the welcome is prepared; null once it is sent. */
  held: Live[] | null;
  lastSeen: number;
  chain: Promise<void>;
  /** This socket in the event's chat presence (the hosts' participant list). */
  presence: PresentSocket['presence'];
}

export interface Room {
  key: string;
  data: TenantData;
  eventId: string;
  conns: Set<Conn>;
  ready: Promise<void>;
  unsubscribe: (() => Promise<void>) | null;
  /** Bumped by every change received; a cached public snapshot is valid only for the version it was read at. */
  version: number;
  snapshot: { version: number; promise: Promise<PublicSnapshot> } | null;
  /** Reactions from the bus being summed for this room's sockets; null between bursts (docs/decisions/0079). */
  reactions: ReactionWindow | null;
}
