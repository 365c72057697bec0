/**
 * LiveKit for the platform: per-tenant configuration, room tokens and the room service (host
 * controls, closing rooms). Tokens are minted only here, for a person the room's one admission
 * let in (server/entitlement/admission.server.ts), with the grants the permissions module decides for
 * the role it admitted them with (grantsFor). The room service is LiveKit's Twirp
 * API through livekit-server-sdk: locally and in the tests the real LiveKit server the local stack
 * runs (local/stack/livekitServer.ts), in production a LiveKit server or LiveKit Cloud.
 *
 * Failures are typed and never hidden: a participant who is not in the room → NotConnectedError;
 * the service unreachable, timing out or refusing the server's credentials → VideoUnavailableError.
 */
import { RoomServiceClient, TrackSource, TwirpError, type ClaimGrants, type ParticipantInfo } from 'livekit-server-sdk';
import type { RoomParticipant, RoomTokenResponse } from '#app/lib/events/api';
import { ROOM_TOKEN_TTL_SECONDS, type EventRecord } from '#app/lib/events/model';
import { grantsFor, type EventRole, type EventUser, type RoomGrants } from '#app/lib/events/permissions';
import type { Tenant } from '#app/lib/config/tenant';
import { avatarIdOfMetadata } from '#app/lib/photo/avatar';
import { signRoomJwt } from './roomJwt.server';
import { publicLivekitPairProblems, PUBLIC_LIVEKIT_KEY, PUBLIC_LIVEKIT_SECRET, type Env } from '#server/env.server';

/** `livekit-server --dev`'s key pair: fine on one machine, refused in production (env.server.ts). */
export const DEV_API_KEY = PUBLIC_LIVEKIT_KEY;
export const DEV_API_SECRET = PUBLIC_LIVEKIT_SECRET;
/** Room-service calls give up after this long: a host control never hangs. */
export const ROOM_SERVICE_TIMEOUT_SECONDS = 3;

export interface VideoConfig {
  /** What the browser connects to (ws:// or wss://). */
  serverUrl: string;
  /** Where the server calls the room service (http:// or https://). */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
}

/** Video reads only the tenant's configuration (never its stored data), so any id names it: app.ts asks for the platform's own. */
type VideoTenant = { id: string; video: Tenant['video'] };
/** Where tenant key pairs are read from (process.env in the server). */
export type EnvSource = Readonly<Record<string, string | undefined>>;
type VideoEnv = Pick<Env, 'LIVEKIT_URL' | 'LIVEKIT_API_URL' | 'LIVEKIT_API_KEY' | 'LIVEKIT_API_SECRET'> & Partial<Pick<Env, 'NODE_ENV'>>;

/** A tenant names LiveKit credentials that are not in the environment. */
export class VideoConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoConfigError';
  }
}
/** The room service cannot be reached, timed out, failed or refused the server's credentials. */
export class VideoUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoUnavailableError';
  }
}
/** The participant (or their track) is not in the room right now. */
export class NotConnectedError extends Error {
  constructor(identity: string) {
    super(`${identity} is not in the room`);
    this.name = 'NotConnectedError';
  }
}

/*
 * The server's services and the Remix build are loaded as separate module copies (tsx and the
 * bundle), so a route must not test these errors with instanceof: these guards check the name.
 */
const named = (e: unknown, name: string) => e instanceof Error && e.name === name;
export const isVideoConfigError = (e: unknown): e is VideoConfigError => named(e, 'VideoConfigError');
export const isVideoUnavailableError = (e: unknown): e is VideoUnavailableError => named(e, 'VideoUnavailableError');
export const isNotConnectedError = (e: unknown): e is NotConnectedError => named(e, 'NotConnectedError');

/** ws://host → http://host, wss://host → https://host (other URLs unchanged). */
export const httpUrlOf = (url: string) => url.replace(/^ws(s?):\/\//, 'http$1://');

/** The LiveKit server, key and secret for one tenant: its own when tenant.json names them, else the platform's. */
export function videoConfigFor(env: VideoEnv, tenant: VideoTenant, source: EnvSource = process.env): VideoConfig {
  const own = tenant.video?.livekitUrl;
  const serverUrl = own ?? env.LIVEKIT_URL;
  // A tenant on its own LiveKit server is managed there; the platform's API URL (or the test
  // stack's stand-in) serves the tenants on the platform's server.
  const apiUrl = own ? httpUrlOf(own) : (env.LIVEKIT_API_URL ?? httpUrlOf(env.LIVEKIT_URL));
  const prefix = tenant.video?.apiKeyEnv;
  if (!prefix) return { serverUrl, apiUrl, apiKey: env.LIVEKIT_API_KEY, apiSecret: env.LIVEKIT_API_SECRET };
  const apiKey = source[`${prefix}_API_KEY`];
  const apiSecret = source[`${prefix}_API_SECRET`];
  const missing = [!apiKey && `${prefix}_API_KEY`, !apiSecret && `${prefix}_API_SECRET`].filter(Boolean);
  if (missing.length) {
    throw new VideoConfigError(
      `tenant ${tenant.id}: video.apiKeyEnv is "${prefix}", but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set in the environment`,
    );
  }
  return { serverUrl, apiUrl, apiKey: apiKey!, apiSecret: apiSecret! };
}

/**
 * Boot check: every tenant's LiveKit credentials resolve, and in production no tenant's own pair is
 * the public `livekit-server --dev` one (the platform pair is checked by loadEnv). One line per
 * problem (empty when all is well).
 */
export function videoConfigProblems(env: VideoEnv, tenants: Iterable<VideoTenant>, source: EnvSource = process.env): string[] {
  const problems: string[] = [];
  for (const tenant of tenants) {
    try {
      videoConfigFor(env, tenant, source);
    } catch (e) {
      problems.push((e as Error).message);
      continue;
    }
    const prefix = tenant.video?.apiKeyEnv;
    if (env.NODE_ENV !== 'production' || !prefix) continue;
    const names = { key: `${prefix}_API_KEY`, secret: `${prefix}_API_SECRET` };
    for (const p of publicLivekitPairProblems(names, source[names.key], source[names.secret])) problems.push(`tenant ${tenant.id}: ${p.variable} ${p.message}`);
  }
  return problems;
}

/** Browser origins the LiveKit client talks to (signalling websocket and its HTTP validation), for connect-src. */
export function videoConnectSources(env: VideoEnv, tenant: VideoTenant): string[] {
  try {
    const http = new URL(httpUrlOf(tenant.video?.livekitUrl ?? env.LIVEKIT_URL));
    return [`${http.protocol === 'https:' ? 'wss' : 'ws'}://${http.host}`, http.origin];
  } catch {
    return [];
  }
}

/**
 * Who gets the token. The role comes from the event (roleOf: organizer, or the account bound to an
 * accepted invitation), so callers pass the event as getEventFor resolved it for this user.
 */
/** The room's admission of a person (rooms decides it; the token only carries the role it gave). */
export type AdmittedToRoom = { ok: true; role: EventRole };

export interface VideoUser extends EventUser {
  /** Shown to everyone in the room (profile displayName, else the part of the email before @). */
  displayName: string;
  /** Their avatar item, if they have one. */
  avatarId?: string;
}

/** What every participant carries in its LiveKit metadata (set at join from the token). */
export interface ParticipantMetadata {
  role: EventRole;
  tenantId: string;
  eventId: string;
  /** Their avatar item (app/lib/photo/avatar.ts), so the participant lists can show it. */
  avatarId?: string;
}

const SOURCES: Record<NonNullable<RoomGrants['canPublishSources']>[number], TrackSource> = {
  camera: TrackSource.CAMERA,
  microphone: TrackSource.MICROPHONE,
  screen_share: TrackSource.SCREEN_SHARE,
  screen_share_audio: TrackSource.SCREEN_SHARE_AUDIO,
};

function roleFromMetadata(metadata: string | undefined): EventRole {
  try {
    const role = (JSON.parse(metadata || '{}') as Partial<ParticipantMetadata>).role;
    return role === 'organizer' || role === 'host' ? role : 'participant';
  } catch {
    return 'participant';
  }
}

function toRoomParticipant(p: ParticipantInfo): RoomParticipant {
  return {
    identity: p.identity,
    name: p.name || p.identity,
    role: roleFromMetadata(p.metadata),
    canPublish: p.permission?.canPublish ?? false,
    publishing: p.tracks.some((t) => !t.muted && (t.source === TrackSource.CAMERA || t.source === TrackSource.MICROPHONE)),
    chatOnly: false,
    ...withAvatar(avatarIdOfMetadata(p.metadata)),
  };
}

const withAvatar = (avatarId: string | undefined) => (avatarId ? { avatarId } : {});

/**
 * Tokens and room management for every tenant. One instance per server (context.services.video);
 * room-service clients are kept per LiveKit endpoint and key.
 */
export class VideoService {
  private readonly configs = new Map<string, VideoConfig>();
  private readonly clients = new Map<string, RoomServiceClient>();
  private readonly timeoutSeconds: number;
  private readonly source: EnvSource;

  constructor(
    private readonly env: VideoEnv,
    options: { requestTimeoutSeconds?: number; source?: EnvSource } = {},
  ) {
    this.timeoutSeconds = options.requestTimeoutSeconds ?? ROOM_SERVICE_TIMEOUT_SECONDS;
    this.source = options.source ?? process.env;
  }

  config(tenant: VideoTenant): VideoConfig {
    let config = this.configs.get(tenant.id);
    if (!config) {
      config = videoConfigFor(this.env, tenant, this.source);
      this.configs.set(tenant.id, config);
    }
    return config;
  }

  /**
   * The key pairs a webhook about one of the tenant's rooms may be signed with: its own, and the
   * platform's when its rooms run on the platform's LiveKit server (which signs every webhook with
   * one key). Never another tenant's own pair.
   */
  webhookKeys(tenant: VideoTenant): Array<Pick<VideoConfig, 'apiKey' | 'apiSecret'>> {
    const own = this.config(tenant);
    const pairs = [{ apiKey: own.apiKey, apiSecret: own.apiSecret }];
    if (!tenant.video?.livekitUrl && own.apiKey !== this.env.LIVEKIT_API_KEY) pairs.push({ apiKey: this.env.LIVEKIT_API_KEY, apiSecret: this.env.LIVEKIT_API_SECRET });
    return pairs;
  }

  private client(tenant: VideoTenant): RoomServiceClient {
    const { apiUrl, apiKey, apiSecret } = this.config(tenant);
    const key = `${apiUrl} ${apiKey}`;
    let client = this.clients.get(key);
    if (!client) {
      client = new RoomServiceClient(apiUrl, apiKey, apiSecret, { requestTimeout: this.timeoutSeconds, failover: false });
      this.clients.set(key, client);
    }
    return client;
  }

  /**
   * A room token for a person the room admitted (admitToRoom), with the grants of the role it
   * admitted them with: the SDK's claims, signed by signRoomJwt; nbf/exp from the real clock.
   */
  async mintToken(tenant: VideoTenant, event: EventRecord, user: VideoUser, admitted: AdmittedToRoom): Promise<RoomTokenResponse> {
    if (event.tenantId !== tenant.id) throw new Error(`event ${event.eventId} does not belong to tenant ${tenant.id}`);
    const { role } = admitted;
    const { serverUrl, apiKey, apiSecret } = this.config(tenant);
    const grants = grantsFor(event, role);
    const metadata: ParticipantMetadata = { role, tenantId: tenant.id, eventId: event.eventId, ...withAvatar(user.avatarId) };
    const { canPublishSources, ...rest } = grants;
    // The claims the SDK's AccessToken gives these options (metadata, name, the video grant).
    const claims: ClaimGrants = {
      metadata: JSON.stringify(metadata),
      ...(user.displayName ? { name: user.displayName } : {}),
      video: { ...rest, ...(canPublishSources ? { canPublishSources: canPublishSources.map((s) => SOURCES[s]) } : {}) },
    };
    const issuedAt = Date.now();
    const jwt = signRoomJwt({ apiKey, apiSecret, identity: user.sub, grants: claims, ttlSeconds: ROOM_TOKEN_TTL_SECONDS, now: issuedAt });
    return {
      token: jwt,
      serverUrl,
      identity: user.sub,
      name: user.displayName,
      role,
      grants,
      // The token's times are whole seconds.
      expiresAt: new Date(Math.floor(issuedAt / 1000) * 1000 + ROOM_TOKEN_TTL_SECONDS * 1000).toISOString(),
      startVideoOff: event.startVideoOff,
      startAudioOff: event.startAudioOff,
    };
  }

  /** Runs one room-service call, turning transport and server failures into the typed errors. */
  private async call<T>(tenant: VideoTenant, identity: string | null, run: (client: RoomServiceClient) => Promise<T>): Promise<T> {
    const client = this.client(tenant);
    try {
      return await run(client);
    } catch (e) {
      throw translateError(e, identity, this.config(tenant).apiUrl, this.timeoutSeconds);
    }
  }

  /** Who is in the event's room now (empty when the room does not exist yet). */
  async listParticipants(tenant: VideoTenant, event: Pick<EventRecord, 'channelName'>): Promise<RoomParticipant[]> {
    try {
      const list = await this.call(tenant, null, (c) => c.listParticipants(event.channelName));
      return list.map(toRoomParticipant);
    } catch (e) {
      if (isNotConnectedError(e)) return [];
      throw e;
    }
  }

  /** Mutes every unmuted track the participant publishes; returns how many were muted. */
  async muteParticipant(tenant: VideoTenant, event: Pick<EventRecord, 'channelName'>, identity: string): Promise<number> {
    const room = event.channelName;
    const participant = await this.call(tenant, identity, (c) => c.getParticipant(room, identity));
    const open = participant.tracks.filter((t) => !t.muted);
    for (const track of open) {
      await this.call(tenant, identity, (c) => c.mutePublishedTrack(room, identity, track.sid, true));
    }
    return open.length;
  }

  /** Disconnects the participant (they may come back with a new token unless blocked). */
  async removeParticipant(tenant: VideoTenant, event: Pick<EventRecord, 'channelName'>, identity: string): Promise<void> {
    await this.call(tenant, identity, (c) => c.removeParticipant(event.channelName, identity));
  }

  /**
   * Brings a participant on stage (canPublish true) or back to the audience. The whole permission
   * is sent (LiveKit replaces it), so subscribing, data and metadata rights stay as the token gave them.
   */
  async setCanPublish(
    tenant: VideoTenant,
    event: Pick<EventRecord, 'channelName' | 'ownerOnlyBroadcast' | 'layout'>,
    identity: string,
    canPublish: boolean,
  ): Promise<RoomParticipant> {
    const base = grantsFor(event, 'participant');
    const info = await this.call(tenant, identity, (c) =>
      c.updateParticipant(event.channelName, identity, {
        permission: {
          canSubscribe: true,
          canPublish,
          canPublishData: base.canPublishData,
          canUpdateMetadata: base.canUpdateOwnMetadata,
          canPublishSources: (base.canPublishSources ?? []).map((s) => SOURCES[s]),
        },
      }),
    );
    return toRoomParticipant(info);
  }

  /** Closes the room and removes everyone in it. True when a room was closed, false when there was none. */
  /**
   * Sets the room's metadata, which LiveKit hands every browser in the room at once (the recording
   * indicator reads it). False when the room does not exist yet (nobody has joined).
   */
  async setRoomMetadata(tenant: VideoTenant, event: Pick<EventRecord, 'channelName'>, metadata: string): Promise<boolean> {
    try {
      await this.call(tenant, null, (c) => c.updateRoomMetadata(event.channelName, metadata));
      return true;
    } catch (e) {
      if (isNotConnectedError(e)) return false;
      throw e;
    }
  }

  async closeRoom(tenant: VideoTenant, event: Pick<EventRecord, 'channelName'>): Promise<boolean> {
    try {
      await this.call(tenant, null, (c) => c.deleteRoom(event.channelName));
      return true;
    } catch (e) {
      if (isNotConnectedError(e)) return false;
      throw e;
    }
  }
}

function translateError(e: unknown, identity: string | null, apiUrl: string, timeoutSeconds: number): Error {
  if (e instanceof TwirpError) {
    if (e.status === 404 || e.code === 'not_found') return new NotConnectedError(identity ?? 'the room');
    if (e.status === 401 || e.status === 403) {
      return new VideoUnavailableError(`the video service at ${apiUrl} refused the server's credentials (${e.status} ${e.message})`, { cause: e });
    }
    return new VideoUnavailableError(`the video service at ${apiUrl} failed (${e.status} ${e.message})`, { cause: e });
  }
  const err = e as Error & { cause?: { code?: string } };
  const reason =
    err?.name === 'TimeoutError' || err?.name === 'AbortError'
      ? `no answer within ${timeoutSeconds} s`
      : (err?.cause?.code ?? err?.message ?? String(e));
  return new VideoUnavailableError(`the video service at ${apiUrl} cannot be reached (${reason})`, { cause: e });
}

export function createVideoService(env: Env): VideoService {
  return new VideoService(env);
}

/**
 * The room API's messages (app/lib/events/api.ts error codes), in the request's language: the
 * live-room screens show them as they are.
 */
const MESSAGES = {
  en: {
    unauthenticated: 'Sign in to join this event.',
    notFound: 'This event does not exist on this site.',
    forbidden: 'Only the organizer and hosts can do this.',
    blocked: 'You cannot join this event.',
    notYetOpen: 'The room is not open yet.',
    ended: 'This event has ended.',
    expired: 'This event is over.',
    cancelled: 'This event was cancelled.',
    notConnected: 'This person is not in the room right now.',
    videoUnavailable: 'The video service cannot be reached right now. Try again in a moment.',
    videoUnavailableBlocked:
      'The person is blocked and cannot join again, but the video service cannot be reached to remove them from the room right now.',
    videoUnavailableEnded:
      'The event has ended and nobody can join again, but the video service cannot be reached to close the room right now. It closes as soon as the service is back.',
    badRequest: 'The request is not valid.',
    ticketRequired: 'This event needs a ticket. Buy one on the event page.',
    registrationRequired: 'Register for this event on its page to join.',
    waiting: 'A host will let you in shortly.',
    denied: 'A host did not let you into this event.',
  },
  es: {
    unauthenticated: 'Inicia sesión para unirte a este evento.',
    notFound: 'Este evento no existe en este sitio.',
    forbidden: 'Solo el organizador y los anfitriones pueden hacer esto.',
    blocked: 'No puedes unirte a este evento.',
    notYetOpen: 'La sala aún no está abierta.',
    ended: 'Este evento ha terminado.',
    expired: 'Este evento ya pasó.',
    cancelled: 'Este evento fue cancelado.',
    notConnected: 'Esta persona no está en la sala ahora mismo.',
    videoUnavailable: 'No se puede conectar con el servicio de vídeo en este momento. Inténtalo de nuevo en unos instantes.',
    videoUnavailableBlocked:
      'La persona está bloqueada y no podrá volver a entrar, pero ahora no se puede conectar con el servicio de vídeo para sacarla de la sala.',
    videoUnavailableEnded:
      'El evento ha terminado y nadie podrá volver a entrar, pero ahora no se puede conectar con el servicio de vídeo para cerrar la sala. Se cerrará en cuanto el servicio vuelva.',
    badRequest: 'La solicitud no es válida.',
    ticketRequired: 'Este evento requiere entrada. Cómprala en la página del evento.',
    registrationRequired: 'Inscríbete en la página del evento para entrar.',
    waiting: 'Un anfitrión te dejará entrar en breve.',
    denied: 'Un anfitrión no te ha dejado entrar en este evento.',
  },
  fr: {
    unauthenticated: 'Connectez-vous pour rejoindre cet événement.',
    notFound: "Cet événement n'existe pas sur ce site.",
    forbidden: "Seuls l'organisateur et les animateurs peuvent faire cela.",
    blocked: 'Vous ne pouvez pas rejoindre cet événement.',
    notYetOpen: "La salle n'est pas encore ouverte.",
    ended: 'Cet événement est terminé.',
    expired: 'Cet événement est passé.',
    cancelled: 'Cet événement a été annulé.',
    notConnected: "Cette personne n'est pas dans la salle en ce moment.",
    videoUnavailable: 'Le service vidéo est injoignable pour le moment. Réessayez dans un instant.',
    videoUnavailableBlocked:
      "La personne est bloquée et ne pourra plus entrer, mais le service vidéo est injoignable : elle ne peut pas être retirée de la salle pour l'instant.",
    videoUnavailableEnded:
      "L'événement est terminé et personne ne pourra plus entrer, mais le service vidéo est injoignable : la salle sera fermée dès son retour.",
    badRequest: "La requête n'est pas valide.",
    ticketRequired: 'Cet événement nécessite un billet. Achetez-le sur la page de l’événement.',
    registrationRequired: 'Inscrivez-vous sur la page de l’événement pour le rejoindre.',
    waiting: 'Un animateur va vous faire entrer.',
    denied: 'Un animateur ne vous a pas fait entrer dans cet événement.',
  },
} as const;
export type RoomMessageKey = keyof (typeof MESSAGES)['en'];

export function roomMessage(key: RoomMessageKey, language: string): string {
  const table = (MESSAGES as Record<string, Record<RoomMessageKey, string>>)[language] ?? MESSAGES.en;
  return table[key];
}
