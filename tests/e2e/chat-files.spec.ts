/**
 * Chat images and attachments over HTTP against the production build and the test stack
 * (app/lib/chat/files.ts): POST /api/chat/upload and GET /api/chat/file with real sessions: the
 * refusals (signed out, bad body, type, size, another tenant's event, not open yet, blocked), the
 * round trip through s3rver, and, in a room page, the browser's own upload and image display under
 * the page's CSP and storage CORS.
 */
import type { APIRequestContext } from '@playwright/test';
import type { ChatUploadResponse } from '#app/lib/chat/files';
import { chatFileUrl } from '#app/lib/chat/protocol';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { createUser, hydrated, sessionCookie, signInContext, type TestUser } from './session-helpers';

test.describe.configure({ timeout: 60_000 });

const T = 'aurora';
/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

interface Answer<T> {
  status: number;
  body: T & { error?: string; message?: string; opensAt?: string };
  headers: Record<string, string>;
}

function caller(request: APIRequestContext, tenant: string, cookie: string | null) {
  const api = tenantApi(request, tenant);
  const headers = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) };
  return {
    upload: async (body: Record<string, unknown>): Promise<Answer<ChatUploadResponse>> => {
      const res = await api.post('/api/chat/upload', { headers, data: JSON.stringify(body) });
      return { status: res.status(), body: await res.json(), headers: res.headers() };
    },
    file: async (eventId: string, key: string) => {
      const res = await api.get(chatFileUrl(eventId, key), { headers: cookie ? { Cookie: cookie } : {}, maxRedirects: 0 });
      return { status: res.status(), location: res.headers().location ?? null, cacheControl: res.headers()['cache-control'] ?? null };
    },
  };
}

test.describe('chat file API', () => {
  let organizer: TestUser;
  let member: TestUser;
  let cookies: { organizer: string; member: string };

  test.beforeAll(async ({ request }) => {
    [organizer, member] = await Promise.all([createUser(T, 'chatfile-org', 'organizer'), createUser(T, 'chatfile-member')]);
    const [o, m] = await Promise.all([sessionCookie(request, organizer), sessionCookie(request, member)]);
    cookies = { organizer: o, member: m };
  });

  test('an attachment goes up through a signed PUT and comes back under its own name', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2) });
    const api = caller(request, T, cookies.member);
    const bytes = Buffer.from('Minutes of the meeting\n');
    const { status, body, headers } = await api.upload({ eventId: event.eventId, kind: 'attachment', name: 'Meeting notes (draft).txt', type: 'text/plain', size: bytes.length });
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(body.key).toMatch(new RegExp(`^chat/${event.eventId}/${member.sub}/[A-Za-z0-9_-]{16}/Meeting_notes_draft_\\.txt$`));
    expect(body.upload.method).toBe('PUT');
    expect(Date.parse(body.upload.expiresAt)).toBeGreaterThan(Date.now());

    const put = await request.put(body.upload.url, { headers: body.upload.headers, data: bytes });
    expect(put.status()).toBe(200);

    const file = await api.file(event.eventId, body.key);
    expect(file.status).toBe(302);
    expect(file.cacheControl).toBe('private, max-age=60');
    const object = await request.get(file.location!);
    expect(object.status()).toBe(200);
    expect(object.headers()['content-disposition']).toContain('filename="Meeting_notes_draft_.txt"');
    expect(Buffer.from(await object.body()).equals(bytes)).toBe(true);

    // The organizer sees it too; a key outside this event's prefix is not served through it.
    expect((await caller(request, T, cookies.organizer).file(event.eventId, body.key)).status).toBe(302);
    const other = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2) });
    expect((await api.file(other.eventId, body.key)).status).toBe(404);
    expect((await api.file(event.eventId, body.key.replace(`chat/${event.eventId}/`, `chat/${other.eventId}/`))).status).toBe(404);
    expect((await api.file(event.eventId, `events/${event.eventId}/images/1/large.webp`)).status).toBe(404);
    expect((await caller(request, T, null).file(event.eventId, body.key)).status).toBe(401);
  });

  test('bad requests, wrong types and sizes are refused with a clear message', async ({ request }) => {
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2) });
    const good = { eventId: event.eventId, kind: 'image', name: 'photo.png', type: 'image/png', size: 2048 };
    expect((await caller(request, T, null).upload(good)).status).toBe(401);
    const api = caller(request, T, cookies.member);

    const noName = await api.upload({ ...good, name: '' });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ error: 'badRequest', message: 'The file needs a name of at most 200 characters.' });
    const notJson = await tenantApi(request, T).post('/api/chat/upload', { headers: { Cookie: cookies.member, 'Content-Type': 'application/json' }, data: '{"eventId":' });
    expect(notJson.status()).toBe(400);

    const type = await api.upload({ ...good, type: 'image/svg+xml' });
    expect(type.status).toBe(400);
    expect(type.body).toEqual({ error: 'type', message: 'This file cannot be sent as an image. Images can be JPEG, PNG, GIF or WebP.' });
    const html = await api.upload({ ...good, kind: 'attachment', name: 'page.html', type: 'text/html' });
    expect(html.body.error).toBe('type');

    const large = await api.upload({ ...good, size: 10 * 1024 * 1024 + 1 });
    expect(large.status).toBe(400);
    expect(large.body).toEqual({ error: 'tooLarge', message: 'This image is too large: images can be at most 10 MB.' });
    const attachment = await api.upload({ ...good, kind: 'attachment', name: 'talk.mp4', type: 'video/mp4', size: 25 * 1024 * 1024 + 1 });
    expect(attachment.body).toMatchObject({ error: 'tooLarge', message: expect.stringContaining('25 MB') });
    expect((await api.upload({ ...good, kind: 'attachment', name: 'talk.mp4', type: 'video/mp4', size: 25 * 1024 * 1024 })).status).toBe(200);

    // GET is not how uploads are asked for.
    const get = await tenantApi(request, T).get('/api/chat/upload', { headers: { Cookie: cookies.member } });
    expect(get.status()).toBe(405);
  });

  test('another tenant’s event is unknown here, and the room’s gates apply', async ({ request }) => {
    const foreign = await seedEvent('solana', { sub: organizer.sub, name: 'Org', email: organizer.username, language: 'es' }, { eventDateTime: minutesFromNow(-2) });
    const api = caller(request, T, cookies.member);
    const refusedForeign = await api.upload({ eventId: foreign.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 });
    expect(refusedForeign.status).toBe(404);
    expect(refusedForeign.body.error).toBe('notFound');
    const foreignKey = `chat/${foreign.eventId}/${member.sub}/abcdefghijklmnop/a.png`;
    expect((await api.file(foreign.eventId, foreignKey)).status).toBe(404);

    // Not open yet for participants (start − 5 min), already open for the organizer.
    const later = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(20) });
    const early = await api.upload({ eventId: later.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ error: 'notYetOpen', message: 'The room is not open yet.', opensAt: expect.any(String) });
    const staff = await caller(request, T, cookies.organizer).upload({ eventId: later.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 });
    expect(staff.status).toBe(200);
    // Staff files of an event not yet open stay hidden from participants until it opens.
    expect((await api.file(later.eventId, staff.body.key)).status).toBe(403);

    // A blocked participant can neither upload nor fetch the event's files.
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-2) });
    const before = await api.upload({ eventId: event.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 });
    expect(before.status).toBe(200);
    await e2eData(T).events.setUserBlocked(event.eventId, member.sub, true);
    const blocked = await api.upload({ eventId: event.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ error: 'blocked', message: 'You cannot join this event.' });
    expect((await api.file(event.eventId, before.body.key)).status).toBe(403);
  });

  test('answers in the tenant’s language', async ({ request }) => {
    const spanishOrganizer = { sub: organizer.sub, name: 'Org', email: organizer.username, language: 'es' };
    const event = await seedEvent('solana', spanishOrganizer, { eventDateTime: minutesFromNow(-2) });
    const res = await tenantApi(request, 'solana').post('/api/chat/upload', {
      headers: { 'Content-Type': 'application/json', Cookie: 'lng=es' },
      data: JSON.stringify({ eventId: event.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 10 }),
    });
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Inicia sesión para unirte a este evento.');
  });
});

test.describe('chat files in a room page', () => {
  test('the browser uploads straight to storage and shows the image through the app URL', async ({ page, context, request }) => {
    const [organizer, member] = await Promise.all([createUser(T, 'chatfile-room-org', 'organizer'), createUser(T, 'chatfile-room-member')]);
    const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsChat' });
    await signInContext(context, request, member);
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|CORS/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto(tenantUrl(T, `/liveEventsChat?event=${event.eventId}`));
    await hydrated(page);

    const result = await page.evaluate(
      async ({ eventId, png }) => {
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        const asked = await fetch('/api/chat/upload', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ eventId, kind: 'image', name: 'dot.png', type: 'image/png', size: bytes.length }),
        });
        const answer = (await asked.json()) as { key: string; upload: { url: string; headers: Record<string, string> } };
        const put = await fetch(answer.upload.url, { method: 'PUT', headers: answer.upload.headers, body: new Blob([bytes], { type: 'image/png' }) });
        const src = `/api/chat/file?event=${encodeURIComponent(eventId)}&key=${encodeURIComponent(answer.key)}`;
        const width = await new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(-1);
          img.src = src;
        });
        return { asked: asked.status, put: put.status, key: answer.key, width };
      },
      { eventId: event.eventId, png: PNG_BASE64 },
    );
    expect(result).toMatchObject({ asked: 200, put: 200, width: 1 });
    expect(result.key.endsWith('/dot.png')).toBe(true);
    expect(violations).toEqual([]);
  });
});
