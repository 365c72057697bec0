/**
 * The recording API's rules over HTTP (server/broadcast/recording/api.server.ts): restream stream keys are
 * stored sealed and never come back in clear; another tenant's event and a participant's request
 * answer 404; bad input answers 4xx with the field kept out of the answer; a browser recording's
 * upload is accepted only from the event's organizer and hosts; a restream destination must point
 * outside (docs/decisions/0061). The test stack has no egress service: restreaming says it is not
 * connected, recording runs in the browser. Its destinations are a receiver on this machine, which
 * only the test stack's loopback allowance (RESTREAM_TEST_ALLOW_LOOPBACK) lets through.
 */
import type { APIRequestContext } from '@playwright/test';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, test } from './fixtures';
import { createUser, sessionCookie, type TestUser } from './session-helpers';

const T = 'aurora';
const OTHER = 'solana';
const KEY = 'live_9f8e7d6c5b4a-secret-KEY1';
/** The test stack's local RTMP receiver (nothing listens: without egress nothing is sent). */
const RECEIVER = 'rtmp://127.0.0.1:19350/app';

function caller(request: APIRequestContext, tenant: string, cookie: string | null) {
  const api = tenantApi(request, tenant);
  const headers = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
  const answer = async (res: Awaited<ReturnType<typeof api.get>>) => ({ status: res.status(), text: await res.text() });
  return {
    get: async (path: string) => answer(await api.get(path, { headers })),
    post: async (path: string, body: unknown) => answer(await api.post(path, { headers, data: typeof body === 'string' ? body : JSON.stringify(body) })),
  };
}

test.describe('recording API', () => {
  let organizer: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let cookies: { organizer: string; member: string; stranger: string };

  test.beforeAll(async ({ request }) => {
    [organizer, member, stranger] = await Promise.all([createUser(T, 'rec-org', 'organizer'), createUser(T, 'rec-member'), createUser(OTHER, 'rec-other', 'organizer')]);
    const [o, m, s] = await Promise.all([sessionCookie(request, organizer), sessionCookie(request, member), sessionCookie(request, stranger)]);
    cookies = { organizer: o, member: m, stranger: s };
  });

  test('restream keys are sealed: answers carry only the mask, never the key', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'hbc' });
    const api = caller(request, T, cookies.organizer);
    const added = await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'add', name: 'Video site', url: RECEIVER, streamKey: KEY });
    expect(added.status).toBe(200);
    expect(added.text).not.toContain(KEY);
    expect(added.text).not.toContain(KEY.slice(0, 12));
    const state = JSON.parse(added.text) as { connected: boolean; destinations: Array<{ id: string; keyMasked: string; url: string }> };
    expect(state.connected).toBe(false);
    expect(state.destinations).toHaveLength(1);
    expect(state.destinations[0]).toMatchObject({ url: RECEIVER, keyMasked: '••••••••KEY1' });

    const read = await api.get(`/api/recording/restream?event=${event.eventId}`);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(KEY);
    // Without egress nothing can be sent, and the server says so.
    const start = await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'start' });
    expect(start.status).toBe(409);
    expect(JSON.parse(start.text)).toMatchObject({ error: 'notConnected', message: 'Restreaming is not connected on this site.' });

    const removed = await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'remove', destinationId: state.destinations[0]!.id });
    expect(JSON.parse(removed.text).destinations).toEqual([]);
  });

  test('bad input answers 4xx; participants, strangers and other tenants get 404', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'hbc' });
    const api = caller(request, T, cookies.organizer);
    for (const body of [
      { eventId: event.eventId, intent: 'add', name: 'x', url: 'http://not-rtmp.example.com/app', streamKey: KEY },
      { eventId: event.eventId, intent: 'add', name: 'x', url: 'rtmp://user:pw@example.com/app', streamKey: KEY },
      { eventId: event.eventId, intent: 'add', name: '', url: 'rtmp://example.com/app', streamKey: KEY },
      { eventId: event.eventId, intent: 'add', name: 'x', url: 'rtmp://example.com/app', streamKey: 'has space' },
      { eventId: event.eventId, intent: 'nope' },
      { eventId: 'NOT-AN-ID' },
    ]) {
      const res = await api.post('/api/recording/restream', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).not.toContain(KEY);
    }
    expect((await api.post('/api/recording/restream', 'not json')).status).toBe(400);
    expect((await api.post('/api/recording', { eventId: event.eventId, intent: 'stop', recordingId: 'short' })).status).toBe(400);
    expect((await api.get('/api/recording?event=bad')).status).toBe(400);
    expect((await caller(request, T, null).get(`/api/recording?event=${event.eventId}`)).status).toBe(401);

    // A participant sees the indicator's state, but nothing to control and no restream.
    const asMember = caller(request, T, cookies.member);
    const seen = JSON.parse((await asMember.get(`/api/recording?event=${event.eventId}`)).text);
    expect(seen).toMatchObject({ mode: 'browser', enabled: true, canControl: false, canStart: false });
    expect(seen).not.toHaveProperty('autoStart');
    expect(seen.download).toBeUndefined();
    expect((await asMember.get(`/api/recording/restream?event=${event.eventId}`)).status).toBe(404);
    expect((await asMember.post('/api/recording', { eventId: event.eventId, intent: 'start' })).status).toBe(404);
    expect((await asMember.post('/api/recording/restream', { eventId: event.eventId, intent: 'add', name: 'x', url: 'rtmp://e.example/app', streamKey: KEY })).status).toBe(404);

    // Another tenant's organizer, on their own site, asking for this event: not found.
    const elsewhere = caller(request, OTHER, cookies.stranger);
    expect((await elsewhere.get(`/api/recording?event=${event.eventId}`)).status).toBe(404);
    expect((await elsewhere.get(`/api/recording/restream?event=${event.eventId}`)).status).toBe(404);
    expect((await elsewhere.post('/api/recording', { eventId: event.eventId, intent: 'start' })).status).toBe(404);
  });

  test('a restream destination must be on the public internet: anything inside is that field’s error, and nothing is stored', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'hbc' });
    const api = caller(request, T, cookies.organizer);
    // A URL that is not RTMP is that field's error, as the form shows it.
    const notRtmp = JSON.parse((await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'add', name: 'x', url: 'http://not-rtmp.example.com/app', streamKey: KEY })).text);
    expect(notRtmp).toMatchObject({ error: 'badRequest', fieldErrors: { url: 'Enter an rtmp:// or rtmps:// address.' } });

    // Destinations inside (the metadata service, private networks, metadata names), in any spelling, are refused on the URL field.
    // (Loopback, 127.0.0.1 or 0x7f.1, is what the test stack's allowance lets through, for its receiver.)
    for (const url of ['rtmp://169.254.169.254:80/latest', 'rtmp://2852039166/', 'rtmp://0251.0376.0251.0376/', 'rtmp://[::ffff:a9fe:a9fe]/app', 'rtmp://10.0.0.5/live', 'rtmp://[fd00:ec2::254]/app', 'rtmp://metadata.google.internal/x']) {
      const res = await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'add', name: 'x', url, streamKey: KEY });
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.text), url).toMatchObject({ error: 'destinationInside', fieldErrors: { url: expect.stringContaining('not on the public internet') } });
    }
    const unknown = await api.post('/api/recording/restream', { eventId: event.eventId, intent: 'add', name: 'x', url: 'rtmp://no-such-host.invalid/live', streamKey: KEY });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: 'destinationUnresolvable', fieldErrors: { url: expect.stringContaining('No server was found') } });
    expect(JSON.parse((await api.get(`/api/recording/restream?event=${event.eventId}`)).text).destinations).toEqual([]);

    // In the visitor's language (Solana speaks Spanish to a Spanish browser).
    const theirs = await seedEvent(OTHER, stranger, { eventDateTime: minutesFromNow(-1), layout: 'hbc' });
    const inSpanish = await tenantApi(request, OTHER).post('/api/recording/restream', {
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'es', Cookie: cookies.stranger },
      data: JSON.stringify({ eventId: theirs.eventId, intent: 'add', name: 'x', url: 'rtmp://169.254.169.254:80/latest', streamKey: KEY }),
    });
    expect(inSpanish.status()).toBe(400);
    expect((await inSpanish.json()).fieldErrors.url).toContain('no está en internet público');
  });

  test('only the organizer and hosts may upload a recording for the event; the event decides who sees it', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), recordingDestination: 'download' });
    const start = { fileName: 'rec.webm', contentType: 'video/webm', size: 1000, kinds: ['video'], origin: 'recording', eventId: event.eventId, visibility: 'public' };
    expect((await caller(request, T, cookies.member).post('/api/media/upload/start', start)).status).toBe(404);
    expect((await caller(request, OTHER, cookies.stranger).post('/api/media/upload/start', start)).status).toBe(404);
    // origin and eventId go together; a recording is a video.
    const asOrganizer = caller(request, T, cookies.organizer);
    expect((await asOrganizer.post('/api/media/upload/start', { ...start, origin: undefined })).status).toBe(400);
    expect((await asOrganizer.post('/api/media/upload/start', { ...start, contentType: 'audio/webm', kinds: ['audio'] })).status).toBe(400);
    const ok = await asOrganizer.post('/api/media/upload/start', start);
    expect(ok.status).toBe(200);
    const { mediaId } = JSON.parse(ok.text) as { mediaId: string };
    // The member cannot see the item (download-only: private to the organizer), whatever the upload asked.
    expect((await caller(request, T, cookies.member).get(`/api/media/status?id=${mediaId}`)).status).toBe(404);
    expect((await asOrganizer.get(`/api/media/status?id=${mediaId}`)).status).toBe(200);
  });
});
