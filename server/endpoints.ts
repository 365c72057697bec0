/**
 * The endpoints the Express server answers itself, outside the Remix route table
 * (app/route-table.js): health, metrics, theme sheets, translation namespaces, brand files, the favicon
 * redirect, build assets, the identity gateway and the chat, captions, dictation and text-to-speech WebSockets. The security suites (tests/e2e/security-*.spec.ts)
 * fuzz and cross-check every entry here and in the route table; server/endpoints.test.ts fails
 * when server/app.ts or the socket serves a path this list does not name, so it cannot drift.
 */
import { CAPTIONS_SOCKET_PATH } from '#app/lib/captions/protocol';
import { CHAT_SOCKET_PATH, clientFrameSchema } from '#app/lib/chat/protocol';
import { DICTATION_SOCKET_PATH } from '#app/lib/speech/dictation';
import { TTS_SOCKET_PATH } from '#app/lib/speech/ttsProtocol';
import type { Entitlement, IdParams } from '#app/route-table.js';
import { ALLOWED_OPERATIONS } from './identity/gateway';

export interface ServerEndpoint {
  /** Express-style path: `:name` is one segment, a trailing `*` anything below. */
  path: string;
  methods: ReadonlyArray<'GET' | 'HEAD' | 'POST'>;
  /** A concrete path the suites request (parameters filled in with something plausible). */
  sample: string;
  /** http: plain requests; identity: Cognito's JSON protocol (X-Amz-Target); websocket: an upgrade. */
  protocol: 'http' | 'identity' | 'websocket';
  /** Served before the tenant is resolved (answers for any Host). */
  anyHost?: boolean;
  /** Ids of a tenant's objects it takes (the cross-tenant matrix requests another tenant's). */
  ids?: IdParams;
  /** Who may have what it serves of an event (app/route-table.js explains the rules; the entitlement matrix checks them). */
  entitlement?: Entitlement;
}

/** Every frame type a browser may send on the chat socket, read from the protocol's own schema. */
export const CHAT_FRAME_TYPES: readonly string[] = clientFrameSchema.options.map((o) => o.shape.type.value);

/** Id-taking fields of chat frames: the matrix fills them with another tenant's ids. */
export const CHAT_FRAME_IDS: Readonly<Record<string, IdParams['body']>> = {
  send: { recipient: 'user', replyToMsgId: 'chatMessage', imageKeys: 'chatFileList', attachmentKeys: 'chatFileList' },
  like: { likedMsgId: 'chatMessage' },
  history: { before: 'chatMessage' },
  approve: { msgId: 'chatMessage' },
  delete: { msgId: 'chatMessage' },
  answer: { msgId: 'chatMessage' },
  vote: { msgId: 'chatMessage' },
  block: { userId: 'user' },
  unblock: { userId: 'user' },
};

/** The identity gateway's Cognito operations (the fuzz suite sends each). */
export const IDENTITY_OPERATIONS: readonly string[] = [...ALLOWED_OPERATIONS];

export const SERVER_ENDPOINTS: readonly ServerEndpoint[] = [
  { path: '/api/health', methods: ['GET'], sample: '/api/health', protocol: 'http', anyHost: true },
  // Prometheus metrics on the platform's own address (docs/decisions/0049): a tenant's host answers 404 like an unknown page.
  { path: '/metrics', methods: ['GET'], sample: '/metrics', protocol: 'http', anyHost: true },
  { path: '/theme/:file', methods: ['GET'], sample: '/theme/indigo.000000000000.css', protocol: 'http', anyHost: true },
  { path: '/locales/:language/:file', methods: ['GET'], sample: '/locales/en/common.000000000000.json', protocol: 'http', anyHost: true },
  { path: '/assets/*', methods: ['GET'], sample: '/assets/entry.client.js', protocol: 'http', anyHost: true },
  { path: '/brand/*', methods: ['GET'], sample: '/brand/logo.svg', protocol: 'http' },
  { path: '/favicon.ico', methods: ['GET'], sample: '/favicon.ico', protocol: 'http' },
  // The embeds' sizing script (docs/decisions/0089).
  { path: '/embed.js', methods: ['GET'], sample: '/embed.js', protocol: 'http' },
  { path: '/api/identity', methods: ['POST'], sample: '/api/identity', protocol: 'identity' },
  // On a host that names no tenant (LiveKit's own webhooks); a tenant's host reaches the route.
  { path: '/api/livekit/webhook', methods: ['POST'], sample: '/api/livekit/webhook', protocol: 'http', anyHost: true },
  // Custom domains (docs/decisions/0076): the certificate front's ask on any host; the ownership token on the domain's own host.
  { path: '/api/platform/domains/check', methods: ['GET'], sample: '/api/platform/domains/check', protocol: 'http', anyHost: true },
  { path: '/.well-known/eventplatform-domain/:token', methods: ['GET'], sample: '/.well-known/eventplatform-domain/00000000000000000000000000000000', protocol: 'http' },
  { path: CHAT_SOCKET_PATH, methods: ['GET'], sample: CHAT_SOCKET_PATH, protocol: 'websocket', ids: { query: { event: 'event' } }, entitlement: { event: 'query.event', serves: 'live' } },
  // A speaker's microphone for live captions (docs/decisions/0048); its own steps in the fuzz and matrix suites.
  { path: CAPTIONS_SOCKET_PATH, methods: ['GET'], sample: CAPTIONS_SOCKET_PATH, protocol: 'websocket', ids: { query: { event: 'event' } }, entitlement: { event: 'query.event', serves: 'live' } },
  // Fuzzed and cross-checked by tests/security/tts-socket.ts (it takes no ids).
  { path: TTS_SOCKET_PATH, methods: ['GET'], sample: TTS_SOCKET_PATH, protocol: 'websocket' },
  // Dictation audio (docs/decisions/0047); fuzzed and cross-checked by tests/security/fuzz-dictation.ts (it takes no ids).
  { path: DICTATION_SOCKET_PATH, methods: ['GET'], sample: DICTATION_SOCKET_PATH, protocol: 'websocket' },
];
