/**
 * The tenant-bound data context (docs/decisions/0018-tenant-bound-data.md): every read and write
 * of one tenant's stored data (DynamoDB, S3 objects, chat) with the tenant already applied.
 * server/app.ts builds one per request as `context.data`, so loaders and actions never pass a
 * tenant id: `context.data.events.get(eventId)`. Work outside a request (room-expiry sweeper, chat
 * hub, webhooks, seeding, benchmarks, tests) gets the same object from `tenantData()` for the
 * tenant it works on.
 *
 * Each section binds a data module's functions to the stores and the tenant; a section is built
 * the first time it is used, so a request pays only for what it touches.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { ChatService } from '#server/chat/service.server';
import { storeImageVariants } from '#server/platform/images.server';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listUploadedParts,
  mediaDownloadUrl,
  presignS3Call,
  readFirstBytes,
  storedObject,
} from '#server/media/mediaObjects.server';
import {
  deleteFolder,
  deleteObject,
  getObjectBuffer,
  getObjectStream,
  objectContentType,
  presignDownload,
  presignUpload,
  putObject,
  tenantObjectKey,
  tenantPrefix,
  type PresignDownloadOptions,
  type PresignUploadOptions,
  type PutObjectOptions,
  type Storage,
} from '#server/platform/storage.server';
import {
  claimLive,
  getBroadcastKey,
  getBroadcastState,
  issueBroadcastKey,
  revokeBroadcastKey,
  updateLive,
} from '#server/broadcast/data/broadcasts.server';
import { attendeeNames, listAttendance, listRoomFinished, recordAttendance, recordRoomFinished } from '#server/events/data/attendance.server';
import { listChatPresent, markChatConnected, markChatDisconnected, refreshChatConnections } from '#server/chat/data/chatPresence.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { carts, donations, orders, payouts, products, roomPins, sellerPayouts } from '#server/commerce/data/commerceSections.server';
import { channels } from '#server/events/data/eventSections.server';
import {
  cancelEvent,
  createEvent,
  endEventNow,
  getEvent,
  getEventByInviteCode,
  getEventByShortCode,
  recentEventSection,
  listEvents,
  listEventsInRange,
  listRoomsToClose,
  markRoomClosed,
  patchEvent,
  setUserBlocked,
  updateEvent,
} from '#server/events/data/events.server';
import { listSubmissions, saveSubmission } from '#server/site/data/forms.server';
import { guestCookieSecret, readGuest, requestGuestCode, signGuest, verifyGuestCode } from '#server/identity/data/guests.server';
import { listHands, lowerHand, raiseHand, setOnStage } from '#server/rooms/data/hands.server';
import { mediaSection as media } from '#server/media/data/mediaSection.server';
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylists, savePlaylist } from '#server/media/data/playlists.server';
import { getPlaybackPosition, savePlaybackPosition } from '#server/media/data/playback.server';
import { acceptHostInvitation, acceptInvitationsFor, getEventFor } from '#server/events/data/hostInvitations.server';
import { invitedEventIds, listMyEvents } from '#server/events/data/myEvents.server';
import { tenantSeries } from '#server/events/data/series.server';
import { tenantPolls } from '#server/polls/data/polls.server';
import { saveOAuthState, takeOAuthState } from '#server/identity/data/oauthStates.server';
import { getProfile, getRecentProfile, saveProfile } from '#server/identity/data/profiles.server';
import { listReplayMessages } from '#server/chat/data/chatReplay.server';
import { listLiveCaptions, putLiveCaption } from '#server/speech/data/liveCaptions.server';
import { batchGetResources, putResources } from '#server/events/data/resources.server';
import { getVideoSettings, saveVideoSettings } from '#server/rooms/data/videoSettings.server';
import { ensureDomainRecord, getDomainRecord, markDomainAsked, saveDomainCheck } from '#server/domains/data/domains.server';
import { ticketsSection } from '#server/commerce/data/tickets.server';
import { answersSection } from '#server/registration/data/answers.server';
import { embedPairsSection } from '#server/embeds/data/pairs.server';
import { webhooksSection } from '#server/webhooks/data/webhooks.server';
import { apiKeysSection } from '#server/publicApi/data/apiKeys.server';
import { analyticsSection } from '#server/analytics/data/analytics.server';
import { experienceSection } from '#server/beacons/data/experience.server';
import { breakoutsSection } from '#server/breakouts/data/breakouts.server';
import { waitingSection } from '#server/rooms/data/waitingRoom.server';
import { transcriptsSection } from '#server/speech/data/transcripts.server';
import { consultationsSection } from '#server/commerce/data/consultations.server';
import {
  addDestination,
  autoStarted,
  createRecording,
  getRecording,
  getRestreamLive,
  listDestinations,
  listRecordings,
  moveRecording,
  removeDestination,
  setRestreamLive,
} from '#server/broadcast/data/recordings.server';

/**
 * The instance's stores (`services` has them all). The chat service is shared: its sequencer
 * queues and cached heads serve every request. Work that needs only the table (seeding, the
 * room-expiry sweeper, data tests) may leave out storage and chat; their sections then refuse.
 */
export interface DataStores {
  db: Database;
  storage?: Storage;
  chat?: ChatService;
}

function required<T>(store: T | undefined, name: string): T {
  if (!store) throw new Error(`this data context was built without ${name}`);
  return store;
}

const events = (db: Database, t: TenantId) => ({
  create: createEvent.bind(null, db, t),
  get: getEvent.bind(null, db, t),
  ...recentEventSection(db, t),
  /** The event after accepting the user's host invitation to it, if any: what role checks read. */
  getFor: getEventFor.bind(null, db, t),
  byShortCode: getEventByShortCode.bind(null, db, t),
  byInviteCode: getEventByInviteCode.bind(null, db, t),
  update: updateEvent.bind(null, db, t),
  patch: patchEvent.bind(null, db, t),
  cancel: cancelEvent.bind(null, db, t),
  endNow: endEventNow.bind(null, db, t),
  setUserBlocked: setUserBlocked.bind(null, db, t),
  markRoomClosed: markRoomClosed.bind(null, db, t),
  list: listEvents.bind(null, db, t),
  listInRange: listEventsInRange.bind(null, db, t),
  roomsToClose: listRoomsToClose.bind(null, db, t),
  /** The user's own events (organizing, hosting) for the dashboard. */
  mine: listMyEvents.bind(null, db, t),
  /** Series of occurrences (docs/decisions/0080). */
  series: tenantSeries(db, t),
});

const invitations = (db: Database, t: TenantId) => ({
  accept: acceptHostInvitation.bind(null, db, t),
  acceptAllFor: acceptInvitationsFor.bind(null, db, t),
  eventIds: invitedEventIds.bind(null, db, t),
});

const hands = (db: Database, t: TenantId) => ({
  raise: raiseHand.bind(null, db, t),
  lower: lowerHand.bind(null, db, t),
  setOnStage: setOnStage.bind(null, db, t),
  list: listHands.bind(null, db, t),
});

const attendance = (db: Database, t: TenantId) => ({
  record: recordAttendance.bind(null, db, t),
  recordRoomFinished: recordRoomFinished.bind(null, db, t),
  list: listAttendance.bind(null, db, t),
  roomFinished: listRoomFinished.bind(null, db, t),
  names: attendeeNames.bind(null, db, t),
  /** Open chat sockets (chatPresence.server.ts): people in the chat, with or without video. */
  chatConnected: markChatConnected.bind(null, db, t),
  chatStillConnected: refreshChatConnections.bind(null, db, t),
  chatDisconnected: markChatDisconnected.bind(null, db, t),
  inChat: listChatPresent.bind(null, db, t),
});

/** The media library (app/lib/media/model.ts): items, their lifecycle and the quota counters. */
/** Room recordings and restream destinations (server/broadcast/data/recordings.server.ts). */
const recordings = (db: Database, t: TenantId) => ({
  create: createRecording.bind(null, db, t),
  get: getRecording.bind(null, db, t),
  list: listRecordings.bind(null, db, t),
  move: moveRecording.bind(null, db, t),
  autoStarted: autoStarted.bind(null, db, t),
  destinations: listDestinations.bind(null, db, t),
  addDestination: addDestination.bind(null, db, t),
  removeDestination: removeDestination.bind(null, db, t),
  restreamLive: getRestreamLive.bind(null, db, t),
  setRestreamLive: setRestreamLive.bind(null, db, t),
});

/** Audio playlists (app/lib/media/playlist.ts), each read through its owner. */
const playlists = (db: Database, t: TenantId) => ({
  create: createPlaylist.bind(null, db, t),
  get: getPlaylist.bind(null, db, t),
  list: listPlaylists.bind(null, db, t),
  save: savePlaylist.bind(null, db, t),
  delete: deletePlaylist.bind(null, db, t),
});

/** Remembered playback positions (server/media/data/playback.server.ts), per signed-in user. */
const playback = (db: Database, t: TenantId) => ({
  position: getPlaybackPosition.bind(null, db, t),
  savePosition: savePlaybackPosition.bind(null, db, t),
});

const profiles = (db: Database, t: TenantId) => ({
  get: getProfile.bind(null, db, t),
  /** The profile read at most a few seconds ago: the room's join path only (profiles.server.ts). */
  recent: getRecentProfile.bind(null, db, t),
  save: saveProfile.bind(null, db, t),
});
/** A past event's public chat as its recording replays it (chatReplay.server.ts). */
const chatReplay = (db: Database, t: TenantId) => ({ messages: listReplayMessages.bind(null, db, t) });
/** An event's final live captions on the event timeline (liveCaptions.server.ts, docs/decisions/0048). */
const liveCaptions = (db: Database, t: TenantId) => ({ put: putLiveCaption.bind(null, db, t), list: listLiveCaptions.bind(null, db, t) });
const videoSettings = (db: Database, t: TenantId) => ({ get: getVideoSettings.bind(null, db, t), save: saveVideoSettings.bind(null, db, t) });
const domains = (db: Database, t: TenantId) => ({ get: getDomainRecord.bind(null, db, t), ensure: ensureDomainRecord.bind(null, db, t), saveCheck: saveDomainCheck.bind(null, db, t), markAsked: markDomainAsked.bind(null, db, t) });
const forms = (db: Database, t: TenantId) => ({ save: saveSubmission.bind(null, db, t), list: listSubmissions.bind(null, db, t) });
const resources = (db: Database, t: TenantId) => ({ batchGet: batchGetResources.bind(null, db, t), put: putResources.bind(null, db, t) });
const oauthStates = (db: Database, t: TenantId) => ({ save: saveOAuthState.bind(null, db, t), take: takeOAuthState.bind(null, db, t) });

const guests = (db: Database, t: TenantId) => ({
  requestCode: requestGuestCode.bind(null, db, t),
  verifyCode: verifyGuestCode.bind(null, db, t),
  cookieSecret: guestCookieSecret.bind(null, db, t),
  /** The guest a cookie value proves on this tenant (signed with the tenant's key), or null. */
  readCookie: async (value: string | undefined) => readGuest(await guestCookieSecret(db, t), t, value),
  /** The cookie value for a verified guest of this tenant. */
  signCookie: async (guest: { name: string; email: string }) => signGuest(await guestCookieSecret(db, t), t, guest),
});

/** Live broadcasts: each event's ingest keys (hash and hint only) and its live state (docs/decisions/0029). */
const broadcasts = (db: Database, t: TenantId) => ({
  getKey: getBroadcastKey.bind(null, db, t),
  issueKey: issueBroadcastKey.bind(null, db, t),
  revokeKey: revokeBroadcastKey.bind(null, db, t),
  state: getBroadcastState.bind(null, db, t),
  claimLive: claimLive.bind(null, db, t),
  updateLive: updateLive.bind(null, db, t),
});

/** The tenant's objects in S3: every key is inside tenants/<tenantId>/. */
const files = (storage: Storage, t: TenantId) => ({
  /** tenants/<tenantId>/ */
  prefix: tenantPrefix(t),
  /** The full key of a tenant-relative key; throws a StorageError for a bad key or another tenant's. */
  objectKey: (key: string) => tenantObjectKey(t, key),
  presignUpload: (options: Omit<PresignUploadOptions, 'tenantId'>) => presignUpload(storage, { ...options, tenantId: t }),
  presignDownload: (options: Omit<PresignDownloadOptions, 'tenantId'>) => presignDownload(storage, { ...options, tenantId: t }),
  put: (options: Omit<PutObjectOptions, 'tenantId'>) => putObject(storage, { ...options, tenantId: t }),
  read: getObjectBuffer.bind(null, storage, t),
  /** An object as a stream (answers built as they are sent: the photo zip). */
  stream: getObjectStream.bind(null, storage, t),
  delete: deleteObject.bind(null, storage, t),
  /** Deletes every object under a tenant-relative folder (an item's original and derived files). */
  deleteFolder: deleteFolder.bind(null, storage, t),
  contentType: objectContentType.bind(null, storage, t),
  storeImageVariants: storeImageVariants.bind(null, storage, t),
  /** Media library objects (server/media/mediaObjects.server.ts): multipart uploads, size, first bytes, download links. */
  createMultipart: createMultipartUpload.bind(null, storage, t),
  presignS3Call: presignS3Call.bind(null, storage, t),
  listParts: listUploadedParts.bind(null, storage, t),
  completeMultipart: completeMultipartUpload.bind(null, storage, t),
  abortMultipart: abortMultipartUpload.bind(null, storage, t),
  stat: storedObject.bind(null, storage, t),
  readFirstBytes: readFirstBytes.bind(null, storage, t),
  /** A short-lived signed link that saves an item's file (attachment, named after the item). */
  mediaDownloadUrl: mediaDownloadUrl.bind(null, storage, t),
});
export type TenantFiles = ReturnType<typeof files>;

type Method = (tenantId: TenantId, ...args: never[]) => unknown;
type TenantMethod<F> = F extends (tenantId: TenantId, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * `target[name]` with the tenant as its first argument, looked up at each call: the chat
 * repository and service are shared objects, and what they hold at call time is what runs.
 */
function withTenant<T, K extends keyof T>(target: T, name: K, t: TenantId): TenantMethod<T[K]> {
  return ((...args: never[]) => (target[name] as Method).call(target, t, ...args)) as TenantMethod<T[K]>;
}

/** The event chat: its storage (the instance's repository) and fan-out to every instance. */
const chat = (service: ChatService, t: TenantId) => {
  const repo = service.repository;
  return {
    publish: withTenant(service, 'publish', t),
    /** A room notice to every socket of the event on every instance (not logged). */
    broadcast: withTenant(service, 'broadcast', t),
    /** A live caption to every socket of the event on every instance (not logged; docs/decisions/0048). */
    caption: withTenant(service, 'caption', t),
    userBlocked: withTenant(service, 'userBlocked', t),
    userUnblocked: withTenant(service, 'userUnblocked', t),
    observe: withTenant(repo, 'observe', t),
    headSeq: withTenant(repo, 'headSeq', t),
    postMessage: withTenant(repo, 'postMessage', t),
    sentMessageId: withTenant(repo, 'sentMessageId', t),
    approve: withTenant(repo, 'approve', t),
    like: withTenant(repo, 'like', t),
    vote: withTenant(repo, 'vote', t),
    remove: withTenant(repo, 'remove', t),
    answer: withTenant(repo, 'answer', t),
    staffJoined: withTenant(repo, 'staffJoined', t),
    putMember: withTenant(repo, 'putMember', t),
    getMember: withTenant(repo, 'getMember', t),
    getStaff: withTenant(repo, 'getStaff', t),
    listStaff: withTenant(repo, 'listStaff', t),
    members: withTenant(repo, 'members', t),
    findMessage: withTenant(repo, 'findMessage', t),
    page: withTenant(repo, 'page', t),
    publicSnapshot: withTenant(repo, 'publicSnapshot', t),
    pendingFor: withTenant(repo, 'pendingFor', t),
    privateFor: withTenant(repo, 'privateFor', t),
    likedAmong: withTenant(repo, 'likedAmong', t),
    votedAmong: withTenant(repo, 'votedAmong', t),
    replay: withTenant(repo, 'replay', t),
  };
};
export type TenantChat = ReturnType<typeof chat>;

/** One tenant's data; build it with tenantData(). */
export class TenantData {
  #events?: ReturnType<typeof events>;
  #invitations?: ReturnType<typeof invitations>;
  #hands?: ReturnType<typeof hands>;
  #attendance?: ReturnType<typeof attendance>;
  #profiles?: ReturnType<typeof profiles>;
  #chatReplay?: ReturnType<typeof chatReplay>;
  #liveCaptions?: ReturnType<typeof liveCaptions>;
  #media?: ReturnType<typeof media>;
  #playlists?: ReturnType<typeof playlists>;
  #recordings?: ReturnType<typeof recordings>;
  #playback?: ReturnType<typeof playback>;
  #videoSettings?: ReturnType<typeof videoSettings>;
  #domains?: ReturnType<typeof domains>;
  #forms?: ReturnType<typeof forms>;
  #resources?: ReturnType<typeof resources>;
  #oauthStates?: ReturnType<typeof oauthStates>;
  #guests?: ReturnType<typeof guests>;
  #broadcasts?: ReturnType<typeof broadcasts>;
  #donations?: ReturnType<typeof donations>;
  #roomPins?: ReturnType<typeof roomPins>;
  #channels?: ReturnType<typeof channels>;
  #products?: ReturnType<typeof products>;
  #carts?: ReturnType<typeof carts>;
  #tickets?: ReturnType<typeof ticketsSection>;
  #registrationAnswers?: ReturnType<typeof answersSection>;
  #breakouts?: ReturnType<typeof breakoutsSection>;
  #waiting?: ReturnType<typeof waitingSection>;
  #transcripts?: ReturnType<typeof transcriptsSection>;
  #consultations?: ReturnType<typeof consultationsSection>;
  #files?: TenantFiles;
  #orders?: ReturnType<typeof orders>;
  #payouts?: ReturnType<typeof payouts>;
  #sellerPayouts?: ReturnType<typeof sellerPayouts>;
  #chat?: TenantChat;
  #polls?: ReturnType<typeof tenantPolls>;
  #embedPairs?: ReturnType<typeof embedPairsSection>;
  #webhooks?: ReturnType<typeof webhooksSection>;
  #apiKeys?: ReturnType<typeof apiKeysSection>;
  #analytics?: ReturnType<typeof analyticsSection>;
  #experience?: ReturnType<typeof experienceSection>;

  constructor(
    private readonly stores: DataStores,
    readonly tenantId: TenantId,
  ) {}

  get events() {
    return (this.#events ??= events(this.stores.db, this.tenantId));
  }
  /** Host invitations (docs/decisions/0013). */
  get invitations() {
    return (this.#invitations ??= invitations(this.stores.db, this.tenantId));
  }
  get hands() { return (this.#hands ??= hands(this.stores.db, this.tenantId)); }
  /** Each event's breakout rooms (docs/decisions/0084). */
  get breakouts() { return (this.#breakouts ??= breakoutsSection(this.stores.db, this.tenantId)); }
  /** The waiting rooms of events whose hosts admit participants (docs/decisions/0082). */
  get waiting() {
    return (this.#waiting ??= waitingSection(this.stores.db, this.tenantId));
  }
  /** Public API keys and idempotent answers (docs/decisions/0087). */
  get apiKeys() { return (this.#apiKeys ??= apiKeysSection(this.stores.db, this.tenantId)); }
  /** An event's analytics, aggregated on write (docs/decisions/0090). */
  get analytics() {
    return (this.#analytics ??= analyticsSection(this.stores.db, this.tenantId, {
      eventOwner: async (id) => (await this.events.get(id))?.organizerId ?? null,
      videoOwner: async (id) => (/^[a-z0-9]{21}$/.test(id) ? ((await this.media.get(id))?.ownerId ?? null) : null),
    }));
  }
  /** Viewer experience from the players' and the room's beacons (docs/decisions/0093). */
  get experience() { return (this.#experience ??= experienceSection(this.stores.db, this.tenantId)); }
  /** Embed frames' sign-in grants, collected once (docs/decisions/0089). */
  get embedPairs() { return (this.#embedPairs ??= embedPairsSection(this.stores.db, this.tenantId)); }
  /** Answers to an event's registration questions (docs/decisions/0083). */
  get registrationAnswers() { return (this.#registrationAnswers ??= answersSection(this.stores.db, this.tenantId)); }
  get attendance() { return (this.#attendance ??= attendance(this.stores.db, this.tenantId)); }
  get media() { return (this.#media ??= media(this.stores.db, this.tenantId)); }
  get recordings() { return (this.#recordings ??= recordings(this.stores.db, this.tenantId)); }
  get playlists() { return (this.#playlists ??= playlists(this.stores.db, this.tenantId)); }
  get playback() {
    return (this.#playback ??= playback(this.stores.db, this.tenantId));
  }
  get profiles() {
    return (this.#profiles ??= profiles(this.stores.db, this.tenantId));
  }
  /** A past event's public chat with its times, for the recording's replay and chapters. */
  get chatReplay() {
    return (this.#chatReplay ??= chatReplay(this.stores.db, this.tenantId));
  }
  get liveCaptions() {
    return (this.#liveCaptions ??= liveCaptions(this.stores.db, this.tenantId));
  }
  get videoSettings() {
    return (this.#videoSettings ??= videoSettings(this.stores.db, this.tenantId));
  }
  /** Custom domains' verification state (docs/decisions/0076). */
  get domains() {
    return (this.#domains ??= domains(this.stores.db, this.tenantId));
  }
  /** Contact and request-info submissions. */
  get forms() {
    return (this.#forms ??= forms(this.stores.db, this.tenantId));
  }
  /** Localised text resources. */
  get resources() {
    return (this.#resources ??= resources(this.stores.db, this.tenantId));
  }
  /** Social sign-in state between the start of the flow and its callback. */
  get oauthStates() {
    return (this.#oauthStates ??= oauthStates(this.stores.db, this.tenantId));
  }
  /** Guest verification codes and the guest cookie's key. */
  get guests() {
    return (this.#guests ??= guests(this.stores.db, this.tenantId));
  }
  /** Live broadcasts (docs/decisions/0029). */
  get broadcasts() {
    return (this.#broadcasts ??= broadcasts(this.stores.db, this.tenantId));
  }
  /** Donations (issue 15): records, the donor markers behind madeDonation and the badge, the organizer's lists. */
  get donations() {
    return (this.#donations ??= donations(this.stores.db, this.tenantId));
  }
  /** The pinned sale of each live room. */
  get roomPins() {
    return (this.#roomPins ??= roomPins(this.stores.db, this.tenantId));
  }
  /** Orders and their payment state (docs/decisions/0033). */
  get orders() {
    return (this.#orders ??= orders(this.stores.db, this.tenantId));
  }
  /** Payout accounts and sellers' ledgers. */
  get payouts() {
    return (this.#payouts ??= payouts(this.stores.db, this.tenantId));
  }
  /** What each seller is owed per order, held or transferred (docs/decisions/0058). */
  get sellerPayouts() {
    return (this.#sellerPayouts ??= sellerPayouts(this.stores.db, this.tenantId));
  }
  /** Channels (docs/decisions/0034). */
  get channels() {
    return (this.#channels ??= channels(this.stores.db, this.tenantId));
  }
  /** Products, stock and download grants (docs/decisions/0034). */
  get products() {
    return (this.#products ??= products(this.stores.db, this.tenantId));
  }
  /** Carts (docs/decisions/0034). */
  get carts() {
    return (this.#carts ??= carts(this.stores.db, this.tenantId));
  }
  /** Seats and tickets per event (server/commerce/data/tickets.server.ts). */
  get tickets() {
    return (this.#tickets ??= ticketsSection(this.stores.db, this.tenantId));
  }
  /** Transcripts of library items, per person (server/speech/data/transcripts.server.ts). */
  get transcripts() {
    return (this.#transcripts ??= transcriptsSection(this.stores.db, this.tenantId));
  }
  /** Consultation availability and bookings per channel (server/commerce/data/consultations.server.ts). */
  get consultations() {
    return (this.#consultations ??= consultationsSection(this.stores.db, this.tenantId));
  }
  get files() {
    return (this.#files ??= files(required(this.stores.storage, 'storage'), this.tenantId));
  }
  get chat() {
    return (this.#chat ??= chat(required(this.stores.chat, 'the chat service'), this.tenantId));
  }
  get webhooks() { return (this.#webhooks ??= webhooksSection(this.stores.db, this.tenantId)); }
  /** Live polls and their votes (docs/decisions/0081). */
  get polls() { return (this.#polls ??= tenantPolls(this.stores.db, this.tenantId)); }
}

/** The data context of one tenant: the only way code outside server/data reaches a tenant's stored data. */
export function tenantData(stores: DataStores, tenantId: TenantId): TenantData {
  return new TenantData(stores, tenantId);
}
