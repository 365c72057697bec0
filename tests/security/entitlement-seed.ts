/**
 * The entitlement matrix's paid event and its callers. One tenant's event that is live now, with
 * a ticket price and a replay price, and everything that belongs to it, each carrying a marker of
 * its own: the live broadcast's playlists and segments, the organizer's browser recording, the
 * kept broadcast, the recording's captions and the organizer's transcript, a live caption, a chat
 * message and a chat file. Its public face (title, description) carries no marker: its public
 * pages show it to anyone.
 *
 * Callers are real sessions: nobody, a member without a ticket, an organizer of other events, a
 * replay-only holder and a ticket holder (granted through grantEventAccess, as checkout's fulfil
 * grants), a host who accepted the invitation, the organizer and a tenant admin.
 */
import { randomBytes } from 'node:crypto';
import { pollInputSchema } from '#app/lib/polls/model';
import { testTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { grantEventAccess } from '#server/commerce/tickets/grants.server';
import { minutesFromNow, seedEvent } from '../e2e/events-helpers';
import { e2eStores } from '../e2e/library-helpers';
import { postChatWithFile } from './chat-seed';
import { ALLOWED, CALLER_ROLES, type Caller, type CallerRole, type Marker } from './entitlement-rule';
import { endLivePush, seedBrowserRecording, seedCaptionsTrack, seedKeptBroadcast, seedLivePush, seedTranscript, type FinishedVideo, type LivePush } from './entitlement-media';
import type { AppInstance } from './instance';
import { newSession, type Session } from './sessions';

export interface SessionCaller extends Caller {
  session?: Session;
}

export interface EventMedia {
  label: string;
  video: FinishedVideo;
}

export interface PaidEvent {
  tenant: string;
  eventId: string;
  shortCode: string;
  organizerSub: string;
  channelId: string;
  /** A launched poll of the event (its CSV is the staff's). */
  pollId: string;
  media: EventMedia[];
  live: LivePush;
  /** The kept broadcast's media id (the live state names it once the push ends). */
  keptId: string;
  chat: { key: string; msgId: string; text: string; fileBytes: string };
  markers: Marker[];
  callers: SessionCaller[];
}

const hex = (n: number) => randomBytes(n).toString('hex');
const union = (...sets: ReadonlyArray<ReadonlySet<CallerRole>>) => new Set(sets.flatMap((s) => [...s]));

const LABELS: Record<CallerRole, string> = {
  anonymous: 'signed out',
  member: 'member without a ticket',
  otherOrganizer: 'organizer of other events',
  replayHolder: 'replay-only holder',
  ticketHolder: 'ticket holder',
  host: 'host',
  organizer: 'organizer',
  admin: 'tenant admin',
};

async function sessionsFor(tenant: string): Promise<Record<Exclude<CallerRole, 'anonymous'>, Session>> {
  const group = (role: CallerRole) => (role === 'admin' ? 'admin' : role === 'organizer' || role === 'otherOrganizer' ? 'organizer' : 'member');
  const roles = CALLER_ROLES.filter((r): r is Exclude<CallerRole, 'anonymous'> => r !== 'anonymous');
  const sessions = await Promise.all(roles.map((role) => newSession(tenant, `entitle-${role.toLowerCase()}`, group(role))));
  return Object.fromEntries(roles.map((role, i) => [role, sessions[i]!])) as Record<Exclude<CallerRole, 'anonymous'>, Session>;
}

export async function seedPaidEvent(app: AppInstance, tenant: string): Promise<PaidEvent> {
  const m = hex(6);
  const tenantId = testTenantId(tenant);
  const data = tenantData(e2eStores(), tenantId);
  const sessions = await sessionsFor(tenant);
  const organizer = sessions.organizer;
  const event = await seedEvent(tenant, organizer.user, {
    title: `Paid event ${hex(4)}`,
    description: 'A paid event of the entitlement matrix.',
    eventDateTime: minutesFromNow(-2),
    eventDuration: 240,
    layout: 'liveEventsContainer',
    ticketPrice: 1500,
    replayPrice: 500,
    ownerOnlyBroadcast: false,
    showTranscription: true,
    enableRecording: 'cloud',
    recordingDestination: 'cloud',
    hosts: [sessions.host.user.username.toLowerCase()],
  });
  const eventId = event.eventId;
  const host = sessions.host.user;
  await data.invitations.accept(event, { sub: host.sub, email: host.username, emailVerified: true });
  await Promise.all([
    grantEventAccess(data, { eventId, userId: sessions.ticketHolder.user.sub, orderId: `ord_${hex(10)}`, access: 'ticket' }),
    grantEventAccess(data, { eventId, userId: sessions.replayHolder.user.sub, orderId: `ord_${hex(10)}`, access: 'replay' }),
  ]);

  const text = { recording: `Recording ${m}r`, captions: `Captions ${m}c`, transcript: `Transcript ${m}t`, chat: `Chat ${m}m`, chatFile: `Chat file ${m}f`, liveCaption: `Live caption ${m}l` };
  const recording = await seedBrowserRecording(app, tenant, data, organizer, eventId, text.recording, `${m}R`);
  const [kept, live, channel] = await Promise.all([
    seedKeptBroadcast(tenantId, data, eventId, `${m}K`),
    seedLivePush(data, eventId, `${m}L`),
    data.channels.create({ userId: organizer.user.sub, name: 'Entitlement organizer' }, { name: `Channel ${hex(4)}`, about: 'The organizer of the paid event.', introVideoId: null, links: [] }, 'USD'),
    seedCaptionsTrack(data, recording.item.id, text.captions),
    seedTranscript(data, organizer.user.sub, recording.item.id, text.transcript),
    data.liveCaptions.put(eventId, { speakerId: organizer.user.sub, speakerName: 'Organizer', utteranceId: `u${m}`, language: 'en', text: text.liveCaption, at: Date.now(), end: Date.now() + 1000, words: [] }),
  ]);
  const poll = await data.polls.create(eventId, pollInputSchema.parse({ question: `Poll ${m}p`, options: ['Yes', 'No'] }), organizer.user.sub);
  await data.polls.launch(eventId, poll.pollId, null);
  // After the recording began: the chat replay on /eventVod holds it.
  const chat = await postChatWithFile(app, tenant, organizer, eventId, text.chat, Buffer.from(`${text.chatFile}\n`));

  const { live: LIVE, replay: REPLAY } = ALLOWED;
  const ROOM = union(LIVE, REPLAY);
  const marker = (t: string, what: string, visibleTo: ReadonlySet<CallerRole>, id = false): Marker => ({ text: t, what, visibleTo, id });
  const markers: Marker[] = [
    marker(text.recording, "the recording's title", REPLAY),
    marker(recording.item.id, "the recording's media id", REPLAY, true),
    marker(kept.item.id, "the kept broadcast's media id", REPLAY, true),
    marker(recording.segmentName, "the recording's segment names", REPLAY),
    marker(kept.segmentName, "the kept broadcast's segment names", REPLAY),
    marker(recording.segmentBytes, "the recording's segment bytes", REPLAY),
    marker(kept.segmentBytes, "the kept broadcast's segment bytes", REPLAY),
    marker(recording.mp4Bytes, "the recording's MP4 bytes", REPLAY),
    marker(kept.mp4Bytes, "the kept broadcast's MP4 bytes", REPLAY),
    marker(recording.originalBytes!, "the recording's original bytes", REPLAY),
    marker(text.captions, "the recording's captions", REPLAY),
    // A transcript is its maker's own (GET /api/transcripts answers the caller's).
    marker(text.transcript, "the organizer's transcript", new Set(['organizer'])),
    marker(live.folder.split('/').pop()!, "the live push's folder (its segment links)", LIVE),
    marker(live.segmentBytes, 'the live segment bytes', LIVE),
    marker(chat.key.split('/')[3]!, "the chat file's key", LIVE, true),
    marker(text.chatFile, "the chat file's bytes", LIVE),
    // The chat and the live captions are the room's, and the recording replays them.
    marker(text.chat, 'a chat message', ROOM),
    marker(text.liveCaption, 'a live caption', ROOM),
  ];
  const callers: SessionCaller[] = CALLER_ROLES.map((role) => {
    const session = role === 'anonymous' ? undefined : sessions[role];
    return { role, as: LABELS[role], cookie: session?.cookie, session };
  });
  return {
    tenant,
    eventId,
    shortCode: event.shortCode,
    organizerSub: organizer.user.sub,
    channelId: channel.channelId,
    pollId: poll.pollId,
    media: [
      { label: 'browser recording', video: recording },
      { label: 'kept broadcast', video: kept },
    ],
    live,
    keptId: kept.item.id,
    chat: { ...chat, text: text.chat, fileBytes: text.chatFile },
    markers,
    callers,
  };
}

/** Ends the live push; its state then names the kept broadcast, as after a real push. */
export function endPush(paid: PaidEvent): Promise<void> {
  return endLivePush(tenantData(e2eStores(), testTenantId(paid.tenant)), paid.eventId, paid.live, paid.keptId);
}
