import type { AppLoadContext } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { chatUploadRequestSchema, type ChatUploadResponse } from '#app/lib/chat/files';
import { chatFileKeySchema } from '#app/lib/chat/protocol';
import type { SessionUser } from '#app/lib/identity/types';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { testTenantId, uniqueTenantId } from '#tests/support/tenants';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantData } from '#server/data/tenantData.server';
import { createEvent, newEventInput, setUserBlocked } from '#server/events/data/events.server';
import { tenantObjectKey } from '#server/platform/storage.server';
import {
  chatFileLoader,
  chatFilesAccess,
  chatObjectName,
  chatUploadAction,
  chatUploadKey,
  fileProblemMessage,
  isInlineImageKey,
  uploadRequestMessage,
  viewableChatKey,
} from './chatFiles.server';

const AURORA = testTenantId('aurora');

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('#server/identity/session.server', () => ({ getSessionUser: async () => session.user }));

const EVENT_ID = 'abcdefghij12';
const SUB = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';

describe('chat file keys', () => {
  it('keeps a safe name and gives images an extension of their type', () => {
    expect(chatObjectName('Résumé final (v2).pdf', 'attachment', 'application/pdf')).toBe('Resume_final_v2_.pdf');
    expect(chatObjectName('photo', 'image', 'image/png')).toBe('photo.png');
    expect(chatObjectName('holiday.JPEG', 'image', 'image/jpeg')).toBe('holiday.JPEG');
    expect(chatObjectName('scan.png', 'image', 'image/webp')).toBe('scan.png.webp');
    expect(chatObjectName('a..b...txt', 'attachment', 'text/plain')).toBe('a.b.txt');
    expect(chatObjectName('../../etc/passwd', 'attachment', 'text/plain')).toBe('etc_passwd');
    expect(chatObjectName('...', 'attachment', 'text/plain')).toBe('file');
    const long = chatObjectName(`${'x'.repeat(300)}`, 'image', 'image/gif');
    expect(long).toHaveLength(100);
    expect(long.endsWith('.gif')).toBe(true);
  });

  it('builds keys the protocol and storage both accept, unique per upload', () => {
    const names = ['Résumé final (v2).pdf', '../../evil', 'a b c.png', '日本語.txt', '....', `${'é'.repeat(400)}.zip`];
    const keys = new Set<string>();
    for (const name of names) {
      const key = chatUploadKey(EVENT_ID, SUB, chatObjectName(name, 'attachment', 'application/zip'));
      expect(chatFileKeySchema.safeParse(key).success, key).toBe(true);
      expect(() => tenantObjectKey(AURORA, key)).not.toThrow();
      expect(key.startsWith(`chat/${EVENT_ID}/${SUB}/`)).toBe(true);
      expect(key.split('/')[3]).toMatch(/^[A-Za-z0-9_-]{16}$/);
      keys.add(key);
    }
    expect(keys.size).toBe(names.length);
  });

  it('serves image keys inline and everything else as a download', () => {
    expect(isInlineImageKey(`chat/${EVENT_ID}/${SUB}/abcdefgh12345678/photo.webp`)).toBe(true);
    expect(isInlineImageKey(`chat/${EVENT_ID}/${SUB}/abcdefgh12345678/photo.JPG`)).toBe(true);
    expect(isInlineImageKey(`chat/${EVENT_ID}/${SUB}/abcdefgh12345678/notes.pdf`)).toBe(false);
    expect(isInlineImageKey(`chat/${EVENT_ID}/${SUB}/abcdefgh12345678/png`)).toBe(false);
  });

  it('accepts only keys of the named event', () => {
    const key = `chat/${EVENT_ID}/${SUB}/abcdefgh12345678/photo.png`;
    expect(viewableChatKey(EVENT_ID, key, AURORA)).toBe(true);
    expect(viewableChatKey('zzzzzzzzzzzz', key, AURORA)).toBe(false);
    expect(viewableChatKey(EVENT_ID, `tenants/solana/${key}`, AURORA)).toBe(false);
    expect(viewableChatKey(EVENT_ID, `chat/${EVENT_ID}/${SUB}/short/photo.png`, AURORA)).toBe(false);
    expect(viewableChatKey(EVENT_ID, `chat/${EVENT_ID}/${SUB}/abcdefgh12345678/..`, AURORA)).toBe(false);
    expect(viewableChatKey(EVENT_ID, `chat/${EVENT_ID}/${SUB}/abcdefgh12345678/a b.png`, AURORA)).toBe(false);
    expect(viewableChatKey(EVENT_ID, `events/${EVENT_ID}/images/1/large.webp`, AURORA)).toBe(false);
  });
});

describe('chat file messages', () => {
  it('name the limit of the kind in every language', () => {
    expect(fileProblemMessage('image', 'tooLarge', 'en')).toContain('10 MB');
    expect(fileProblemMessage('attachment', 'tooLarge', 'en')).toContain('25 MB');
    expect(fileProblemMessage('attachment', 'tooLarge', 'es')).toContain('25 MB');
    expect(fileProblemMessage('image', 'tooLarge', 'fr')).toContain('10 Mo');
    expect(fileProblemMessage('image', 'type', 'es')).toContain('JPEG');
    expect(fileProblemMessage('image', 'type', 'de')).toBe(fileProblemMessage('image', 'type', 'en'));
    for (const language of ['en', 'es', 'fr']) {
      expect(new Set([fileProblemMessage('image', 'type', language), fileProblemMessage('attachment', 'type', language)]).size).toBe(2);
    }
  });

  it('say which field of the request is at fault', () => {
    const message = (body: unknown, language = 'en') => uploadRequestMessage((chatUploadRequestSchema.safeParse(body).error as z.ZodError), language);
    const good = { eventId: EVENT_ID, kind: 'image', name: 'a.png', type: 'image/png', size: 10 };
    expect(message({ ...good, eventId: 'nope' })).toMatch(/event/);
    expect(message({ ...good, kind: 'video' })).toMatch(/image or an attachment/);
    expect(message({ ...good, name: '  ' })).toMatch(/name/);
    expect(message({ ...good, size: 0 })).toMatch(/empty/);
    expect(message({ ...good, size: 1.5 }, 'fr')).toMatch(/taille/);
    expect(message(null)).toBe('The upload request is not valid.');
  });
});

describe('who may see chat files', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  const data = tenantData({ db: testDatabase() }, uniqueTenantId('chatfa'));
  const event = (over: Record<string, unknown> = {}) =>
    ({
      eventId: 'abcdefghij12',
      organizerId: 'org',
      hosts: ['host@example.com'],
      acceptedHosts: { 'host@example.com': 'h' },
      blockedUsers: ['blocked'],
      eventDateTime: new Date(now + 60 * 60_000).toISOString(),
      eventDuration: 60,
      eventExpiration: new Date(now + 150 * 60_000).toISOString(),
      cancelled: false,
      endedAt: null,
      ticketPrice: 0,
      capacity: null,
      ...over,
    }) as unknown as Parameters<typeof chatFilesAccess>[1];
  const user = (sub: string, email: string | null = null) => ({ sub, email });

  it('lets staff in at any time and others while the room admits them', async () => {
    expect((await chatFilesAccess(data, event(), user('org'), now)).ok).toBe(true);
    expect((await chatFilesAccess(data, event(), user('h', 'host@example.com'), now)).ok).toBe(true);
    expect(await chatFilesAccess(data, event(), user('p'), now)).toMatchObject({ ok: false, reason: 'notYetOpen' });
    const live = event({ eventDateTime: new Date(now - 10 * 60_000).toISOString() });
    expect((await chatFilesAccess(data, live, user('p'), now)).ok).toBe(true);
    expect(await chatFilesAccess(data, live, user('blocked'), now)).toMatchObject({ ok: false, reason: 'blocked' });
    expect(await chatFilesAccess(data, event({ blockedUsers: ['h'] }), user('h', 'host@example.com'), now)).toMatchObject({ ok: false, reason: 'blocked' });
  });

  it("keeps a paid event's files for its ticket holders, as its room is", async () => {
    const paid = event({ eventDateTime: new Date(now - 10 * 60_000).toISOString(), ticketPrice: 1500 });
    expect(await chatFilesAccess(data, paid, user('p'), now)).toMatchObject({ ok: false, reason: 'ticketRequired', buyUrl: '/preview?event=abcdefghij12' });
    expect(await chatFilesAccess(data, paid, { sub: 'adm', email: null, groups: ['admin'] }, now)).toEqual({ ok: true, role: 'organizer' });
    await data.tickets.grant({ eventId: 'abcdefghij12', userId: 'p', orderId: 'o-1', kind: 'ticket' });
    expect(await chatFilesAccess(data, paid, user('p'), now)).toEqual({ ok: true, role: 'participant' });
  });
});

describe('chat upload and file routes (DynamoDB Local, s3rver)', () => {
  const db = testDatabase();
  const storage = testStorage();
  const organizer = { sub: 'org-sub', username: 'org', email: 'org@example.com', emailVerified: true, groups: ['organizer'] };
  const member = { sub: SUB, username: 'member', email: 'member@example.com', emailVerified: true, groups: ['member'] };
  const context = (tenantId: TenantId, language = 'en') => ({ tenant: { id: tenantId }, language, services: { db, storage }, data: tenantData({ db, storage }, tenantId) }) as unknown as AppLoadContext;

  async function liveEvent(tenantId: TenantId, minutesFromNow = -5) {
    const input = newEventInput({
      title: 'Chat files',
      eventDateTime: new Date(Date.now() + minutesFromNow * 60_000).toISOString(),
      eventTimeZone: 'UTC',
      eventLanguage: 'en',
    });
    return createEvent(db, tenantId, input, { sub: organizer.sub, name: 'Org', email: organizer.email, language: 'en' });
  }
  function upload(tenantId: TenantId, body: unknown, language = 'en') {
    const request = new Request(`http://${tenantId}.localhost/api/chat/upload`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return chatUploadAction({ request, context: context(tenantId, language), params: {} });
  }
  function file(tenantId: TenantId, eventId: string, key: string) {
    const request = new Request(`http://${tenantId}.localhost/api/chat/file?event=${encodeURIComponent(eventId)}&key=${encodeURIComponent(key)}`);
    return chatFileLoader({ request, context: context(tenantId), params: {} });
  }

  afterEach(() => {
    session.user = null;
  });

  it('signs an upload the browser can PUT, then redirects viewers to it', async () => {
    const tenant = uniqueTenantId('chatf');
    const event = await liveEvent(tenant);
    session.user = member;
    const bytes = Buffer.from('%PDF-1.4 chat attachment');
    const res = await upload(tenant, { eventId: event.eventId, kind: 'attachment', name: 'Agenda (final).pdf', type: 'application/pdf', size: bytes.length });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as ChatUploadResponse;
    expect(body.key).toMatch(new RegExp(`^chat/${event.eventId}/${SUB}/[A-Za-z0-9_-]{16}/Agenda_final_\\.pdf$`));
    expect(body.upload).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } });
    expect(new URL(body.upload.url).pathname).toContain(`tenants/${tenant}/${body.key}`);

    // Type and exact length are signed, so S3 refuses any other upload (s3rver does not check them).
    expect(new URL(body.upload.url).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    const put = await fetch(body.upload.url, { method: 'PUT', headers: body.upload.headers, body: bytes });
    expect(put.status).toBe(200);

    const redirect = await file(tenant, event.eventId, body.key);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('private, max-age=60');
    const object = await fetch(redirect.headers.get('location')!);
    expect(object.status).toBe(200);
    expect(object.headers.get('content-disposition')).toContain('filename="Agenda_final_.pdf"');
    expect(Buffer.from(await object.arrayBuffer()).equals(bytes)).toBe(true);

    // An image opens inline.
    const image = (await (await upload(tenant, { eventId: event.eventId, kind: 'image', name: 'shot', type: 'image/png', size: 4 })).json()) as ChatUploadResponse;
    expect(image.key.endsWith('/shot.png')).toBe(true);
    expect((await fetch(image.upload.url, { method: 'PUT', headers: image.upload.headers, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) })).status).toBe(200);
    const inline = await fetch((await file(tenant, event.eventId, image.key)).headers.get('location')!);
    expect(inline.headers.get('content-disposition')).toBeNull();
    expect(inline.headers.get('content-type')).toBe('image/png');

    // Staff may look at any time; another tenant, another event's prefix and a signed-out viewer may not.
    session.user = organizer;
    expect((await file(tenant, event.eventId, body.key)).status).toBe(302);
    expect((await file(uniqueTenantId('other'), event.eventId, body.key)).status).toBe(404);
    const other = await liveEvent(tenant);
    expect((await file(tenant, other.eventId, body.key)).status).toBe(404);
    expect((await file(tenant, 'notanevent', body.key)).status).toBe(404);
    session.user = null;
    expect((await file(tenant, event.eventId, body.key)).status).toBe(401);
  });

  it('refuses bad requests, files of the wrong type or size, strangers and blocked people', async () => {
    const tenant = uniqueTenantId('chatf');
    const event = await liveEvent(tenant);
    const good = { eventId: event.eventId, kind: 'image', name: 'a.png', type: 'image/png', size: 1000 };
    expect((await upload(tenant, good)).status).toBe(401);
    session.user = member;

    const bad = await upload(tenant, { ...good, size: -1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'badRequest', message: 'The file is empty or its size is not valid.' });
    const type = await upload(tenant, { ...good, type: 'application/pdf' }, 'es');
    expect(type.status).toBe(400);
    expect(await type.json()).toMatchObject({ error: 'type', message: expect.stringContaining('JPEG') });
    const large = await upload(tenant, { ...good, size: 10 * 1024 * 1024 + 1 });
    expect(large.status).toBe(400);
    expect(await large.json()).toMatchObject({ error: 'tooLarge', message: expect.stringContaining('10 MB') });
    expect((await upload(tenant, { ...good, kind: 'attachment', type: 'text/html' })).status).toBe(400);

    expect((await upload(uniqueTenantId('other'), good)).status).toBe(404);
    expect((await upload(tenant, { ...good, eventId: 'zzzzzzzzzzzz' })).status).toBe(404);

    const later = await liveEvent(tenant, 60);
    const early = await upload(tenant, { ...good, eventId: later.eventId });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ error: 'notYetOpen', opensAt: expect.any(String) });

    const { key } = (await (await upload(tenant, good)).json()) as ChatUploadResponse;
    await setUserBlocked(db, tenant, event.eventId, member.sub, true);
    const blocked = await upload(tenant, good);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: 'blocked' });
    expect((await file(tenant, event.eventId, key)).status).toBe(403);
  });
});
