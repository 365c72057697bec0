/**
 * What a paid event sells stays with those who bought it (docs/decisions/0054): its live
 * broadcast (the live playlist, its renditions and the signed segments they list, and the live
 * status), and the media made from it (its room recording and its kept broadcast: their playlists,
 * status, downloads, playback screens and every listing), asked for as each person who may or may
 * not have paid: signed out, a member without a ticket, a ticket holder, a replay holder, a host,
 * the organizer and a tenant admin. The room's other doors (raising a hand, chat files) ask the
 * same one admission as its token.
 */
import type { APIRequestContext } from '@playwright/test';
import type { EventRecord } from '#app/lib/events/model';
import type { MediaItem } from '#app/lib/media/model';
import { seedMediaItem } from '#tests/support/media';
import { endSeededBroadcast, seedLiveBroadcast } from './broadcast-helpers';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantApi, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { testMark } from './marks';
import { createUser, sessionCookie, signInContext, type TestUser } from './session-helpers';

const T = 'aurora';
const PERSONAS = ['signedOut', 'member', 'ticketHolder', 'replayHolder', 'host', 'organizer', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
/** Those the room admits while the event runs: a ticket, or a role in it. */
const IN_ROOM: ReadonlySet<Persona> = new Set(['ticketHolder', 'host', 'organizer', 'admin']);
/** Those who may watch what was made from it: the room's, and whoever bought the replay. */
const REPLAY: ReadonlySet<Persona> = new Set([...IN_ROOM, 'replayHolder']);

let users: Record<Exclude<Persona, 'signedOut'>, TestUser>;
let cookies: Record<Persona, string | null>;
let event: EventRecord;
let live: { folder: string; sessionId: string };
let recording: MediaItem;
let kept: MediaItem;
let mark: string;

// In order on one worker (the live status test ends the push the playlist test plays); a failure does not skip the rest.
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  mark = testMark();
  const [organizer, host, member, ticketHolder, replayHolder, admin] = await Promise.all([
    createUser(T, 'paid-org', 'organizer'),
    createUser(T, 'paid-host'),
    createUser(T, 'paid-member'),
    createUser(T, 'paid-ticket'),
    createUser(T, 'paid-replay'),
    createUser(T, 'paid-admin', 'admin'),
  ]);
  users = { organizer, host, member, ticketHolder, replayHolder, admin };
  // Started a minute ago: its room is open, and it is live.
  event = await seedEvent(T, organizer, { title: `Paid talk ${mark}`, ticketPrice: 1500, replayPrice: 500, eventDateTime: minutesFromNow(-1), hosts: [host.username] });
  const data = e2eData(T);
  event = await data.invitations.accept(event, { sub: host.sub, email: host.username, emailVerified: true });
  expect(event.acceptedHosts[host.username]).toBe(host.sub);
  await data.tickets.grant({ eventId: event.eventId, userId: ticketHolder.sub, orderId: `paid-ticket-${mark}`, kind: 'ticket' });
  await data.tickets.grant({ eventId: event.eventId, userId: replayHolder.sub, orderId: `paid-replay-${mark}`, kind: 'replay' });
  live = await seedLiveBroadcast(T, event.eventId);

  // Media made from it as the platform makes them: the organizer's browser recording (members of
  // the tenant) and the kept broadcast (public, as a public event's broadcast is kept).
  const media = e2eMediaData(T);
  const owner = { sub: organizer.sub, name: 'Paid organizer' };
  recording = await seedMediaItem(media, { kind: 'video', owner, title: `Paid recording ${mark}`, visibility: 'tenant', madeFrom: { origin: 'recording', eventId: event.eventId } });
  kept = await seedMediaItem(media, { kind: 'video', owner, title: `Paid broadcast ${mark}`, visibility: 'public', madeFrom: { origin: 'broadcast', eventId: event.eventId } });

  const signedIn = await Promise.all(Object.values(users).map((user) => sessionCookie(request, user)));
  cookies = { signedOut: null, ...Object.fromEntries(Object.keys(users).map((name, i) => [name, signedIn[i]!])) } as Record<Persona, string | null>;
});

function as(request: APIRequestContext, persona: Persona) {
  const api = tenantApi(request, T);
  const cookie = cookies[persona];
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const origin = tenantUrl(T, '').replace(/\/$/, '');
  return {
    get: (path: string) => api.get(path, { headers, maxRedirects: 0 }),
    post: (path: string, body: unknown) => api.post(path, { headers: { ...headers, Origin: origin, 'Content-Type': 'application/json' }, data: JSON.stringify(body) }),
  };
}

/** The signed segment URLs a rendition playlist lists. */
const signedUrls = (playlist: string) => playlist.split('\n').filter((line) => /^https?:\/\//.test(line));

test('the live playlist, its rendition and its signed segments are for those the room admits', { tag: '@smoke' }, async ({ request }) => {
  for (const persona of PERSONAS) {
    const api = as(request, persona);
    const master = await api.get(`/api/broadcast/live?event=${event.eventId}`);
    const variant = await api.get(`/api/broadcast/live?event=${event.eventId}&variant=360p`);
    if (IN_ROOM.has(persona)) {
      expect(master.status(), persona).toBe(200);
      expect(await master.text(), persona).toContain(`/api/broadcast/live?event=${event.eventId}&variant=360p`);
      expect(variant.status(), persona).toBe(200);
      const segments = signedUrls(await variant.text());
      expect(segments, persona).toHaveLength(2);
      expect(segments[0], persona).toContain(`${live.folder}/360p/segment_00000.ts`);
      // Short-lived: a segment link is worth a minute, not the five a player never needs.
      expect(Number(new URL(segments[0]!).searchParams.get('X-Amz-Expires')), persona).toBeLessThanOrEqual(60);
      const segment = await request.get(segments[0]!);
      expect(segment.status(), persona).toBe(200);
    } else {
      const expected = persona === 'signedOut' ? 401 : 403;
      for (const res of [master, variant]) {
        expect(res.status(), persona).toBe(expected);
        const text = await res.text();
        expect(text, persona).not.toContain(live.folder);
        expect(text, persona).not.toContain('segment_');
      }
      if (persona !== 'signedOut') expect(await master.json(), persona).toMatchObject({ error: 'ticketRequired', buyUrl: `/preview?event=${event.eventId}` });
    }
  }
});

test('the live status tells its details only to those admitted, and the kept item only to those who may watch the replay', async ({ request }) => {
  for (const persona of PERSONAS) {
    const res = await as(request, persona).get(`/api/broadcast/status?event=${event.eventId}`);
    expect(res.status(), persona).toBe(200);
    const state = (await res.json()) as Record<string, unknown>;
    expect(state.status, persona).toBe('live');
    if (IN_ROOM.has(persona)) expect(state, persona).toMatchObject({ width: 640, height: 360, bitrateKbps: 1100 });
    else expect(state, persona).toEqual({ status: 'live', admitted: false });
  }

  await endSeededBroadcast(T, event.eventId, live.sessionId, kept.id);
  for (const persona of PERSONAS) {
    // The status is kept for a second per instance: wait for the ended state.
    await expect.poll(async () => ((await (await as(request, persona).get(`/api/broadcast/status?event=${event.eventId}`)).json()) as { status: string }).status).toBe('ended');
    const state = (await (await as(request, persona).get(`/api/broadcast/status?event=${event.eventId}`)).json()) as Record<string, unknown>;
    if (REPLAY.has(persona)) expect(state.mediaId, persona).toBe(kept.id);
    else expect(JSON.stringify(state), persona).not.toContain(kept.id);
  }
});

test('a paid event’s recording and kept broadcast play, download and report their state only for its ticket and replay holders, hosts, organizer and admins', async ({ request }) => {
  for (const item of [recording, kept]) {
    for (const persona of PERSONAS) {
      const api = as(request, persona);
      const label = `${persona} ${item.origin}`;
      const master = await api.get(`/api/media/playlist?id=${item.id}`);
      const rendition = await api.get(`/api/media/playlist?id=${item.id}&variant=240p`);
      const status = await api.get(`/api/media/status?id=${item.id}`);
      const download = await api.get(`/api/media/download?id=${item.id}&file=mp4`);
      if (REPLAY.has(persona)) {
        expect(master.status(), label).toBe(200);
        expect(rendition.status(), label).toBe(200);
        const [segment] = signedUrls(await rendition.text());
        expect((await request.get(segment!)).status(), label).toBe(200);
        expect(status.status(), label).toBe(200);
        expect([302, 303]).toContain(download.status());
      } else {
        for (const res of [master, rendition, status, download]) {
          expect(res.status(), `${label} ${res.url()}`).toBe(404);
          expect((await res.text()).includes(item.title), label).toBe(false);
        }
      }
      for (const screen of ['/mediaPlayBack', '/morePlayBack', '/nuevoPlayerPage']) {
        const page = await api.get(`${screen}?mediaId=${item.id}`);
        const html = await page.text();
        if (REPLAY.has(persona)) {
          expect(page.status(), `${label} ${screen}`).toBe(200);
          expect(html.includes(item.title), `${label} ${screen}`).toBe(true);
        } else {
          // Signed out: sign in first (a ticket holder could); a member without one: not found.
          expect(page.status(), `${label} ${screen}`).toBe(persona === 'signedOut' ? 401 : 404);
          expect(html.includes(item.title), `${label} ${screen}`).toBe(false);
        }
      }
      if (persona !== 'signedOut') {
        const position = await api.post('/api/playback/position', { mediaId: item.id, seconds: 1 });
        expect(position.status(), label).toBe(REPLAY.has(persona) ? 204 : 404);
      }
    }
  }
});

test('the on-demand library, the shared files and the related videos list a paid event’s media only to those entitled', async ({ request }) => {
  const other = await seedMediaItem(e2eMediaData(T), { kind: 'video', owner: { sub: users.organizer.sub, name: 'Paid organizer' }, title: `Free talk ${mark}`, visibility: 'public' });
  for (const persona of PERSONAS) {
    const api = as(request, persona);
    const vod = await (await api.get(`/vod?q=${encodeURIComponent(mark)}`)).text();
    const files = await (await api.get('/downloadFiles')).text();
    const related = await (await api.get(`/morePlayBack?mediaId=${other.id}`)).text();
    for (const [where, html] of [['/vod', vod], ['/downloadFiles', files], ['/morePlayBack', related]] as const) {
      for (const item of [recording, kept]) {
        // Signed out, /downloadFiles lists nothing: it asks to sign in.
        // Whole pages: asserted as booleans, so a failure names the place instead of printing the page.
        const label = `${persona} ${where} ${item.origin}`;
        if (REPLAY.has(persona)) expect(html.includes(item.title), label).toBe(true);
        else {
          expect(html.includes(item.title), label).toBe(false);
          expect(html.includes(item.id), label).toBe(false);
        }
      }
    }
  }
});

test('/eventVod lets the tenant admin in as it lets the organizer', async ({ request }) => {
  for (const persona of ['admin', 'organizer', 'host', 'ticketHolder', 'replayHolder'] as const) {
    const res = await as(request, persona).get(`/eventVod?eventId=${event.eventId}`);
    expect(res.status(), persona).toBe(200);
  }
  expect((await as(request, 'member').get(`/eventVod?eventId=${event.eventId}`)).status()).toBe(403);
});

test('raising a hand and the chat’s files ask for the ticket as the room token does', async ({ request }) => {
  for (const persona of ['member', 'replayHolder', 'ticketHolder'] as const) {
    const api = as(request, persona);
    const hand = await api.post('/api/events/room', { eventId: event.eventId, intent: 'raiseHand' });
    const upload = await api.post('/api/chat/upload', { eventId: event.eventId, kind: 'attachment', name: 'notes.txt', type: 'text/plain', size: 10 });
    const file = await api.get(`/api/chat/file?event=${event.eventId}&key=${encodeURIComponent(`chat/${event.eventId}/${users.organizer.sub}/AAAAAAAAAAAAAAAA/slides.pdf`)}`);
    if (persona === 'ticketHolder') {
      expect(hand.status(), persona).toBe(200);
      expect(upload.status(), persona).toBe(200);
      expect([302, 303]).toContain(file.status());
    } else {
      for (const res of [hand, upload, file]) {
        expect(res.status(), `${persona} ${res.url()}`).toBe(403);
        expect(await res.json(), persona).toMatchObject({ error: 'ticketRequired', buyUrl: `/preview?event=${event.eventId}` });
      }
    }
  }
});

test('the room’s recording state and pinned sale are for those the room admits', async ({ request }) => {
  for (const persona of ['member', 'replayHolder', 'ticketHolder', 'host', 'organizer'] as const) {
    const api = as(request, persona);
    for (const path of [`/api/recording?event=${event.eventId}`, `/api/roomSales?event=${event.eventId}`]) {
      const res = await api.get(path);
      const admitted = persona === 'ticketHolder' || persona === 'host' || persona === 'organizer';
      expect(res.status(), `${persona} ${path}`).toBe(admitted ? 200 : 403);
    }
  }
  for (const path of [`/api/recording?event=${event.eventId}`, `/api/roomSales?event=${event.eventId}`]) {
    expect((await as(request, 'signedOut').get(path)).status(), path).toBe(401);
  }
});

test('the event page shows a member without a ticket no live player while the push is live', async ({ page, context, request }) => {
  const other = await seedEvent(T, users.organizer, { title: `Paid live ${mark}`, ticketPrice: 900, eventDateTime: minutesFromNow(-1) });
  await seedLiveBroadcast(T, other.eventId);
  await signInContext(context, request, users.member);
  const asked = page.waitForResponse((res) => res.url().includes(`/api/broadcast/status?event=${other.eventId}`));
  await page.goto(tenantUrl(T, `/preview?event=${other.eventId}`));
  await pageHydrated(page);
  expect(await (await asked).json()).toEqual({ status: 'live', admitted: false });
  await expect(page.getByTestId('buy-ticket')).toBeVisible();
  await expect(page.getByTestId('live-broadcast')).toHaveCount(0);
});

test('the lobby of an open paid room shows a member without a ticket the way to buy one, not a Join button', async ({ page, context, request }) => {
  const api = as(request, 'member');
  const res = await api.get(`/ety?event=${event.eventId}`);
  expect(res.status()).toBe(403);
  await signInContext(context, request, users.member);
  await page.goto(tenantUrl(T, `/ety?event=${event.eventId}`));
  await pageHydrated(page);
  await expect(page.getByTestId('lobby-ticket-gate')).toContainText('This event needs a ticket');
  await expect(page.getByTestId('lobby-gate-buy')).toHaveAttribute('href', `/preview?event=${event.eventId}`);
  await expect(page.getByTestId('lobby-gate')).toHaveCount(0);
  // A ticket holder waits for nothing: the room is open.
  expect((await as(request, 'ticketHolder').get(`/ety?event=${event.eventId}`)).status()).toBe(200);
});

test('a free event’s broadcast stays on its public page for everyone, signed out too', async ({ request }) => {
  const free = await seedEvent(T, users.organizer, { title: `Free live ${mark}`, eventDateTime: minutesFromNow(-1) });
  await seedLiveBroadcast(T, free.eventId);
  const api = as(request, 'signedOut');
  expect((await api.get(`/api/broadcast/live?event=${free.eventId}&variant=360p`)).status()).toBe(200);
  expect(await (await api.get(`/api/broadcast/status?event=${free.eventId}`)).json()).toMatchObject({ status: 'live', width: 640 });
});
