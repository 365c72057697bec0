import type { AppLoadContext } from '@remix-run/node';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { TenantId } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaJob } from '#app/lib/media/model';
import type { StartUploadResponse, UploadErrorResponse } from '#app/lib/media/uploadApi';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { makeVideo } from '#tests/support/mediaFiles';
import { presignedUrlAccepts, signedHeadersOf, signingSecret } from '#tests/support/sigv4';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { loadEnv } from '#server/env.server';
import { SYSTEM_TENANT_ID } from './mediaAccess.server';
import { storedObject } from '../mediaObjects.server';
import { sweepAbandonedUploads } from '../uploadSweeper.server';
import { abortUpload, finishUpload, signUpload, startUpload } from './mediaUpload.server';

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('#server/identity/session.server', () => ({ getSessionUser: async () => session.user }));

const db = testDatabase();
const storage = testStorage();
const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'upload-test-'));

const person = (sub: string, extra: Partial<SessionUser> = {}): SessionUser => ({ sub, username: sub, email: `${sub}@example.com`, emailVerified: true, groups: ['organizer'], ...extra });

function setup(options: { queue?: boolean | 'broken'; userQuota?: number; env?: Record<string, string> } = {}) {
  const tenantId = uniqueTenantId();
  const jobs: MediaJob[] = [];
  const env = loadEnv({ NODE_ENV: 'test', PLATFORM_ADMIN_EMAILS: 'root@example.com', MEDIA_USER_QUOTA_BYTES: String(options.userQuota ?? 100 * MiB), ...options.env });
  const mediaQueue =
    options.queue === false
      ? null
      : {
          enqueue: async (job: MediaJob) => {
            if (options.queue === 'broken') throw new Error('Redis is not answering');
            jobs.push(job);
          },
        };
  const context = (tenant: TenantId = tenantId) =>
    ({ tenant: { id: tenant }, language: 'en', env, services: { db, storage, mediaQueue }, data: tenantData({ db, storage }, tenant) }) as unknown as AppLoadContext;
  const call = async (handler: typeof startUpload, body: unknown, as: SessionUser | null, tenant?: TenantId) => {
    session.user = as;
    const request = new Request('http://aurora.localhost/api/media/upload', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const res = await handler({ request, context: context(tenant) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { tenantId, jobs, call, data: tenantData({ db, storage }, tenantId) };
}

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } }).png().toBuffer();
const put = async (url: string, headers: Record<string, string>, body: Buffer) => (await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) })).status;

type Call = ReturnType<typeof setup>['call'];
/** Starts an upload and signs its single PUT, as the uploader does. */
async function startSingle(call: Call, body: Record<string, unknown>, as: SessionUser) {
  const start = (await call(startUpload, body, as)).body as unknown as StartUploadResponse;
  if (start.mode !== 'single') throw new Error('expected a single PUT');
  const signed = (await call(signUpload, { mediaId: start.mediaId, request: { method: 'PUT', key: start.key } }, as)).body as unknown as { url: string; headers: Record<string, string> };
  return { ...start, url: signed.url, headers: signed.headers };
}

describe('starting an upload', () => {
  it('refuses a type or size the library does not take before creating or signing anything', async () => {
    const { call, data } = setup();
    const owner = person('owner-1');
    const type = await call(startUpload, { fileName: 'page.html', contentType: 'text/html', size: 100 }, owner);
    expect(type.status).toBe(415);
    expect(type.body).toMatchObject({ error: 'type' });
    expect(String(type.body.message)).toContain('JPEG');
    const big = await call(startUpload, { fileName: 'huge.jpg', contentType: 'image/jpeg', size: 26 * MiB }, owner);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('This file is too large: Images can be at most 25 MB.');
    const onlyVideo = await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 10, kinds: ['video', 'audio'] }, owner);
    expect(onlyVideo.status).toBe(415);
    expect((await data.media.list()).items).toEqual([]);
  });

  it('refuses bad bodies with 400, signed-out callers with 401, and system uploads of anyone but a platform admin with 403', async () => {
    const { call } = setup();
    expect((await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: -1 }, person('x'))).status).toBe(400);
    expect((await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 10 }, null)).status).toBe(401);
    const notAdmin = await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 10, scope: 'system' }, person('x', { groups: ['admin'] }));
    expect(notAdmin.status).toBe(403);
    // A listed address that is not verified proves nothing.
    const unverified = await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 10, scope: 'system' }, person('root', { emailVerified: false }));
    expect(unverified.status).toBe(403);
  });

  it('keeps a recorded take’s trim on its item for the processors, and refuses a trim that is wrong or of a photo', async () => {
    const { call, data } = setup();
    const owner = person('owner-trim');
    const take = { fileName: 'take.webm', contentType: 'video/webm', size: 1000, kinds: ['video', 'audio'] };
    const ok = (await call(startUpload, { ...take, trim: { startSeconds: 1, endSeconds: 4.5 } }, owner)).body as unknown as StartUploadResponse;
    expect((await data.media.get(ok.mediaId))?.trim).toEqual({ startSeconds: 1, endSeconds: 4.5 });
    const backwards = await call(startUpload, { ...take, trim: { startSeconds: 4, endSeconds: 1 } }, owner);
    expect(backwards).toMatchObject({ status: 400, body: { error: 'badRequest' } });
    expect((await call(startUpload, { ...take, trim: { startSeconds: 0, endSeconds: 'all' } }, owner)).status).toBe(400);
    expect((await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 10, trim: { startSeconds: 0, endSeconds: 2 } }, owner)).status).toBe(400);
    expect((await data.media.list()).items.map((i) => i.id)).toEqual([ok.mediaId]);
  });

  it('refuses a file that would pass the person’s quota, saying how much is used', async () => {
    const { call, data } = setup({ userQuota: 10 * MiB });
    await data.media.addUsage('owner-q', 9 * MiB);
    const res = await call(startUpload, { fileName: 'a.jpg', contentType: 'image/jpeg', size: 2 * MiB }, person('owner-q'));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'userQuota', message: 'Your storage is full: you use 9 MB of 10 MB, and this file needs 2 MB. Delete files from your library to make room.' });
    expect((await data.media.list()).items).toEqual([]);
  });
});

describe('finishing an upload', () => {
  it('checks the stored bytes, counts them and queues the job (once, however often finish is called)', async () => {
    const { call, data, jobs, tenantId } = setup();
    const owner = person('owner-2');
    const bytes = await png();
    // The browser claims JPEG; the bytes are PNG: the same kind, recorded with its real type.
    const start = await startSingle(call, { fileName: 'photo.jpg', contentType: 'image/jpeg', size: bytes.length }, owner);
    expect(await put(start.url, start.headers, bytes)).toBe(200);
    const done = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(done.status).toBe(200);
    expect(done.body.item).toMatchObject({ status: 'processing', original: { contentType: 'image/png', bytes: bytes.length } });
    expect(jobs).toEqual([{ tenantId, scope: 'tenant', mediaId: start.mediaId, kind: 'image' }]);
    expect(await data.media.usage('owner-2')).toBe(bytes.length);
    const again = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(again.status).toBe(200);
    expect(jobs).toHaveLength(1);
    expect(await data.media.usage('owner-2')).toBe(bytes.length);
  });

  it('deletes and refuses a file whose bytes are not what it claims', async () => {
    const { call, data, jobs, tenantId } = setup();
    const owner = person('owner-3');
    const text = Buffer.from('<html><script>alert(1)</script></html>'.repeat(10));
    const start = await startSingle(call, { fileName: 'cat.jpg', contentType: 'image/jpeg', size: text.length }, owner);
    expect(await put(start.url, start.headers, text)).toBe(200);
    const item = await data.media.get(start.mediaId);
    const res = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(res.status).toBe(415);
    expect(res.body as unknown as UploadErrorResponse).toEqual({
      error: 'type',
      message: 'This file is not what it claims to be: its contents are none of the accepted types (JPEG, PNG, WebP, GIF or AVIF images). It was removed.',
    });
    expect(await storedObject(storage, tenantId, item!.original.key)).toBeNull();
    expect(await data.media.get(start.mediaId)).toBeNull();
    expect(jobs).toEqual([]);
    expect(await data.media.usage('owner-3')).toBe(0);
  });

  it('refuses a stored file of another size than announced, and a finish before the bytes arrived', async () => {
    const { call } = setup();
    const owner = person('owner-4');
    const bytes = await png();
    const early = (await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: bytes.length }, owner)).body as unknown as StartUploadResponse;
    expect((await call(finishUpload, { mediaId: early.mediaId }, owner)).body).toMatchObject({ error: 'notUploaded' });
    // The local store does not check signatures, so it takes a body of another length: finish must not.
    const start = await startSingle(call, { fileName: 'b.png', contentType: 'image/png', size: bytes.length + 5 }, owner);
    await put(start.url, { 'Content-Type': 'image/png' }, bytes);
    const res = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('mismatch');
  });

  it('answers 503 and keeps the upload while no processing queue is configured', async () => {
    const { call, data } = setup({ queue: false });
    const owner = person('owner-5');
    const bytes = await png();
    const start = await startSingle(call, { fileName: 'a.png', contentType: 'image/png', size: bytes.length }, owner);
    await put(start.url, start.headers, bytes);
    expect((await call(finishUpload, { mediaId: start.mediaId }, owner)).status).toBe(503);
    expect((await data.media.get(start.mediaId))?.status).toBe('uploading');
  });
});

describe('a queue that cannot take the job', () => {
  it('answers 503 and leaves the upload to be finished again, its size still only reserved', async () => {
    const { call, data } = setup({ queue: 'broken' });
    const owner = person('owner-8');
    const bytes = await png();
    const start = await startSingle(call, { fileName: 'a.png', contentType: 'image/png', size: bytes.length }, owner);
    await put(start.url, start.headers, bytes);
    const res = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('unavailable');
    expect(await data.media.get(start.mediaId)).toMatchObject({ status: 'uploading', original: { contentType: 'image/png' } });
    expect(await data.media.quotaUse('owner-8')).toEqual({ used: bytes.length, reserved: bytes.length });
  });
});

describe('who may touch an upload', () => {
  it('answers 404 for another tenant’s item and for someone else’s, and lets the tenant’s admin finish it', async () => {
    const a = setup();
    const owner = person('owner-6');
    const bytes = await png();
    const start = await startSingle(a.call, { fileName: 'a.png', contentType: 'image/png', size: bytes.length }, owner);
    await put(start.url, start.headers, bytes);
    const other = uniqueTenantId();
    expect((await a.call(finishUpload, { mediaId: start.mediaId }, person('owner-6', { groups: ['admin'] }), other)).status).toBe(404);
    expect((await a.call(finishUpload, { mediaId: start.mediaId }, person('someone-else'))).status).toBe(404);
    expect((await a.call(abortUpload, { mediaId: start.mediaId }, person('someone-else'))).status).toBe(404);
    expect((await a.call(finishUpload, { mediaId: start.mediaId }, person('the-admin', { groups: ['admin'] }))).status).toBe(200);
  });
});

/** Sends one S3 call the way Uppy's S3 client does: sign it through the API, then call storage. */
async function s3(call: Call, as: SessionUser, mediaId: string, scope: string, request: Record<string, unknown>, body?: Uint8Array<ArrayBuffer> | string) {
  const signed = await call(signUpload, { mediaId, scope, request }, as);
  if (signed.status !== 200) return { status: signed.status, text: '', etag: null };
  const { url, headers } = signed.body as unknown as { url: string; headers?: Record<string, string> };
  const res = await fetch(url, { method: String(request.method), headers, body });
  return { status: res.status, text: await res.text(), etag: res.headers.get('etag') };
}

describe('multipart uploads through the API', () => {
  it('signs only the calls of this upload on its own key; the parts resume and assemble; a platform admin’s go to the system space', async () => {
    const { call, jobs } = setup();
    const root = person('root', { email: 'Root@Example.com' });
    const size = 8 * MiB + 10;
    const start = (await call(startUpload, { fileName: 'talk.pdf', contentType: 'application/pdf', size, scope: 'system' }, root)).body as unknown as StartUploadResponse;
    expect(start).toMatchObject({ mode: 'multipart', scope: 'system', partSize: 8 * MiB });
    const body = Buffer.alloc(size, 0x20);
    Buffer.from('%PDF-1.4\n').copy(body);
    const { mediaId, key } = start;
    // Not another key, not a single PUT of a multipart upload, not someone else.
    expect((await call(signUpload, { mediaId, scope: 'system', request: { method: 'POST', key: 'media/other/original.pdf' } }, root)).status).toBe(400);
    expect((await call(signUpload, { mediaId, scope: 'system', request: { method: 'PUT', key } }, root)).status).toBe(400);
    expect((await call(signUpload, { mediaId, scope: 'system', request: { method: 'POST', key } }, person('x'))).status).toBe(403);

    const created = await s3(call, root, mediaId, 'system', { method: 'POST', key });
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)?.[1];
    expect(uploadId).toBeTruthy();
    const one = await s3(call, root, mediaId, 'system', { method: 'PUT', key, uploadId, partNumber: 1 }, new Uint8Array(body.subarray(0, start.partSize)));
    expect(one.status).toBe(200);
    // After a reload the uploader asks storage what it holds.
    const listed = await s3(call, root, mediaId, 'system', { method: 'GET', key, uploadId });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('<PartNumber>1</PartNumber>');
    const two = await s3(call, root, mediaId, 'system', { method: 'PUT', key, uploadId, partNumber: 2 }, new Uint8Array(body.subarray(start.partSize)));
    const xml = `<CompleteMultipartUpload>${[one.etag, two.etag].map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    expect((await s3(call, root, mediaId, 'system', { method: 'POST', key, uploadId }, xml)).status).toBe(200);

    const done = await call(finishUpload, { mediaId, scope: 'system' }, root);
    expect(done.status).toBe(200);
    expect(done.body.item).toMatchObject({ scope: 'system', status: 'processing', original: { contentType: 'application/pdf', bytes: size } });
    expect(jobs.at(-1)).toEqual({ tenantId: SYSTEM_TENANT_ID, scope: 'system', mediaId, kind: 'document' });
    // Finished: nothing more is signed for it.
    expect((await call(signUpload, { mediaId, scope: 'system', request: { method: 'GET', key, uploadId } }, root)).status).toBe(404);
  });

  it('aborts: the parts and the item are gone', async () => {
    const { call, data } = setup();
    const owner = person('owner-7');
    const start = (await call(startUpload, { fileName: 'big.mp4', contentType: 'video/mp4', size: 20 * MiB }, owner)).body as unknown as StartUploadResponse;
    const created = await s3(call, owner, start.mediaId, 'tenant', { method: 'POST', key: start.key });
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)![1]!;
    expect((await call(abortUpload, { mediaId: start.mediaId, uploadId }, owner)).body).toEqual({ aborted: true });
    expect(await data.media.get(start.mediaId)).toBeNull();
    expect(await data.files.listParts(start.key, uploadId)).toBeNull();
  });
});

/** Starts a multipart upload and opens it in storage, as the uploader does. */
async function startMultipart(call: Call, as: SessionUser, fileName: string, size: number) {
  const start = (await call(startUpload, { fileName, contentType: 'video/mp4', size }, as)).body as unknown as StartUploadResponse;
  const created = await s3(call, as, start.mediaId, 'tenant', { method: 'POST', key: start.key });
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)![1]!;
  return { ...start, uploadId };
}
const signedUrl = async (call: Call, as: SessionUser, mediaId: string, request: Record<string, unknown>) => {
  const res = await call(signUpload, { mediaId, request }, as);
  return { status: res.status, url: (res.body as { url?: string }).url ?? '' };
};

describe('uploads bounded by their announced size before they finish', () => {
  it('signs the single PUT and each part for its exact length: storage refuses any other (checked as S3 checks signatures)', async () => {
    const { call } = setup();
    const owner = person('owner-sig');
    const secret = await signingSecret(storage);
    const single = (await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 1234 }, owner)).body as unknown as StartUploadResponse;
    const put = await signedUrl(call, owner, single.mediaId, { method: 'PUT', key: single.key });
    expect(signedHeadersOf(put.url)).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect(presignedUrlAccepts(put.url, { method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': 1234 } }, secret)).toBe(true);
    expect(presignedUrlAccepts(put.url, { method: 'PUT', headers: { 'Content-Type': 'image/png', 'Content-Length': 20 * MiB } }, secret)).toBe(false);

    // 8 MiB + 10 bytes: part 1 of 8 MiB, part 2 of 10 bytes, and no part 3.
    const size = 8 * MiB + 10;
    const multi = await startMultipart(call, owner, 'talk.mp4', size);
    const one = await signedUrl(call, owner, multi.mediaId, { method: 'PUT', key: multi.key, uploadId: multi.uploadId, partNumber: 1 });
    expect(signedHeadersOf(one.url)).toContain('content-length');
    expect(presignedUrlAccepts(one.url, { method: 'PUT', headers: { 'Content-Length': 8 * MiB } }, secret)).toBe(true);
    expect(presignedUrlAccepts(one.url, { method: 'PUT', headers: { 'Content-Length': 20 * MiB } }, secret)).toBe(false);
    expect(presignedUrlAccepts(one.url, { method: 'PUT', headers: {} }, secret)).toBe(false);
    const two = await signedUrl(call, owner, multi.mediaId, { method: 'PUT', key: multi.key, uploadId: multi.uploadId, partNumber: 2 });
    expect(presignedUrlAccepts(two.url, { method: 'PUT', headers: { 'Content-Length': 10 } }, secret)).toBe(true);
    expect(presignedUrlAccepts(two.url, { method: 'PUT', headers: { 'Content-Length': 8 * MiB } }, secret)).toBe(false);
    expect((await signedUrl(call, owner, multi.mediaId, { method: 'PUT', key: multi.key, uploadId: multi.uploadId, partNumber: 3 })).status).toBe(400);
    expect((await signedUrl(call, owner, multi.mediaId, { method: 'PUT', key: multi.key, uploadId: multi.uploadId, partNumber: 10_000 })).status).toBe(400);
  });

  it('refuses completion and discards everything when storage holds other parts than the announced size gives (the local store takes a 20 MiB part)', async () => {
    const { call, data, jobs } = setup();
    const owner = person('owner-parts');
    // Announced as 8 MiB: one part of 8 MiB. The local store does not check signatures, so a 20 MiB part gets in.
    const start = await startMultipart(call, owner, 'big.mp4', 8 * MiB);
    const part = await s3(call, owner, start.mediaId, 'tenant', { method: 'PUT', key: start.key, uploadId: start.uploadId, partNumber: 1 }, new Uint8Array(20 * MiB));
    expect(part.status).toBe(200);
    const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${part.etag}</ETag></Part></CompleteMultipartUpload>`;
    const complete = await call(signUpload, { mediaId: start.mediaId, request: { method: 'POST', key: start.key, uploadId: start.uploadId } }, owner);
    expect(complete.status).toBe(422);
    expect(complete.body).toEqual({ error: 'mismatch', message: 'The stored file is not the size announced. Try the upload again.' });
    // The parts are gone, the item is gone, its reservation is given back, nothing is queued.
    expect(await data.files.listParts(start.key, start.uploadId)).toBeNull();
    expect(await data.media.get(start.mediaId)).toBeNull();
    expect(await data.media.usage('owner-parts')).toBe(0);
    expect(jobs).toEqual([]);
    expect((await s3(call, owner, start.mediaId, 'tenant', { method: 'POST', key: start.key, uploadId: start.uploadId }, xml)).status).toBe(404);
  });

  it('completes when every part is the announced one, and counts the file once', async () => {
    const { call, data, jobs } = setup();
    const owner = person('owner-ok');
    const size = 8 * MiB + 10;
    const start = await startMultipart(call, owner, 'talk.mp4', size);
    const body = Buffer.alloc(size);
    const mp4 = await readFile(await makeVideo(dir, { width: 64, height: 48, seconds: 1 }, 'part.mp4'));
    mp4.copy(body);
    const etags: string[] = [];
    for (const [n, from, to] of [[1, 0, 8 * MiB], [2, 8 * MiB, size]] as const) {
      const sent = await s3(call, owner, start.mediaId, 'tenant', { method: 'PUT', key: start.key, uploadId: start.uploadId, partNumber: n }, new Uint8Array(body.subarray(from, to)));
      etags.push(sent.etag!);
    }
    const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    expect((await s3(call, owner, start.mediaId, 'tenant', { method: 'POST', key: start.key, uploadId: start.uploadId }, xml)).status).toBe(200);
    expect(await data.media.usage('owner-ok')).toBe(size);
    const done = await call(finishUpload, { mediaId: start.mediaId }, owner);
    expect(done.status).toBe(200);
    expect(jobs).toHaveLength(1);
    expect(await data.media.quotaUse('owner-ok')).toEqual({ used: size, reserved: 0 });
  });

  it('reserves the announced size at start: uploads started at once cannot together pass the quota, and the refusal counts the reservations', async () => {
    const { call, data } = setup({ userQuota: 10 * MiB });
    const owner = person('owner-race');
    const starts = await Promise.all(Array.from({ length: 5 }, (_, i) => call(startUpload, { fileName: `clip-${i}.mp4`, contentType: 'video/mp4', size: 3 * MiB }, owner)));
    expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 200, 413, 413]);
    expect(await data.media.usage('owner-race')).toBe(9 * MiB);
    const refused = starts.find((s) => s.status === 413)!;
    expect(refused.body).toEqual({
      error: 'userQuota',
      message:
        'Your storage is full: you use 9 MB of 10 MB (9 MB of it held for uploads in progress), and this file needs 3 MB. Finish or cancel your uploads in progress, or delete files from your library, to make room.',
    });
    expect((await data.media.list()).items).toHaveLength(3);

    // Cancelling one gives its reservation back; another start then fits.
    const first = starts.find((s) => s.status === 200)!.body as unknown as StartUploadResponse;
    expect((await call(abortUpload, { mediaId: first.mediaId }, owner)).status).toBe(200);
    expect(await data.media.quotaUse('owner-race')).toEqual({ used: 6 * MiB, reserved: 6 * MiB });
    expect((await call(startUpload, { fileName: 'again.mp4', contentType: 'video/mp4', size: 3 * MiB }, owner)).status).toBe(200);
  });

  it('keeps the tenant’s quota the same way', async () => {
    const { call, data } = setup({ env: { MEDIA_TENANT_QUOTA_BYTES: String(5 * MiB) } });
    const starts = await Promise.all(['a', 'b', 'c'].map((who) => call(startUpload, { fileName: 'x.mp4', contentType: 'video/mp4', size: 2 * MiB }, person(`tenant-${who}`))));
    expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 413]);
    expect(starts.find((s) => s.status === 413)!.body).toMatchObject({ error: 'tenantQuota' });
    expect(await data.media.usage(null)).toBe(4 * MiB);
  });

  it('gives the reservation back when finish refuses the file', async () => {
    const { call, data } = setup();
    const owner = person('owner-refused');
    const text = Buffer.from('not an image at all'.repeat(20));
    const start = await startSingle(call, { fileName: 'cat.png', contentType: 'image/png', size: text.length }, owner);
    expect(await data.media.usage('owner-refused')).toBe(text.length);
    await put(start.url, start.headers, text);
    expect((await call(finishUpload, { mediaId: start.mediaId }, owner)).status).toBe(415);
    expect(await data.media.quotaUse('owner-refused')).toEqual({ used: 0, reserved: 0 });
  });
});

describe('abandoned uploads', () => {
  const HOUR = 3_600_000;

  it('are swept after MEDIA_UPLOAD_ABANDON_MINUTES: multipart uploads aborted, stored bytes and items removed, reservations given back', async () => {
    const { call, data, tenantId } = setup();
    const owner = person('owner-gone');
    const env = { MEDIA_UPLOAD_ABANDON_MINUTES: 24 * 60 };
    const sweep = (atMs: number) => sweepAbandonedUploads({ stores: { db, storage }, env, tenants: [{ id: tenantId }], now: () => atMs });

    // A multipart upload with one part sent, a single PUT sent but never finished, and a finished file.
    const multi = await startMultipart(call, owner, 'left.mp4', 8 * MiB + 10);
    expect((await s3(call, owner, multi.mediaId, 'tenant', { method: 'PUT', key: multi.key, uploadId: multi.uploadId, partNumber: 1 }, new Uint8Array(8 * MiB))).status).toBe(200);
    const bytes = await png();
    const single = await startSingle(call, { fileName: 'left.png', contentType: 'image/png', size: bytes.length }, owner);
    await put(single.url, single.headers, bytes);
    const kept = await startSingle(call, { fileName: 'kept.png', contentType: 'image/png', size: bytes.length }, owner);
    await put(kept.url, kept.headers, bytes);
    expect((await call(finishUpload, { mediaId: kept.mediaId }, owner)).status).toBe(200);
    expect(await data.media.quotaUse('owner-gone')).toEqual({ used: 8 * MiB + 10 + 2 * bytes.length, reserved: 8 * MiB + 10 + bytes.length });

    // Not yet: a day has not passed.
    expect(await sweep(Date.now() + 23 * HOUR)).toEqual({ removed: [], kept: [], deferred: [] });
    expect(await data.media.get(multi.mediaId)).not.toBeNull();

    // Two instances sweeping at once end each upload once.
    const [a, b] = await Promise.all([sweep(Date.now() + 25 * HOUR), sweep(Date.now() + 25 * HOUR)]);
    expect([...a.removed, ...b.removed].sort()).toEqual([`${tenantId}/${multi.mediaId}`, `${tenantId}/${single.mediaId}`].sort());
    expect(await data.files.listParts(multi.key, multi.uploadId)).toBeNull();
    expect(await storedObject(storage, tenantId, single.key)).toBeNull();
    expect(await data.media.get(multi.mediaId)).toBeNull();
    expect(await data.media.get(single.mediaId)).toBeNull();
    expect(await data.media.get(kept.mediaId)).toMatchObject({ status: 'processing' });
    expect(await data.media.quotaUse('owner-gone')).toEqual({ used: bytes.length, reserved: 0 });
    expect(await data.media.usage(null)).toBe(bytes.length);
    // Nothing more to do; a late part of the swept upload is refused by storage.
    expect(await sweep(Date.now() + 26 * HOUR)).toEqual({ removed: [], kept: [], deferred: [] });
  });

  it('turns the reservation of an accepted upload into stored bytes when an interruption left it', async () => {
    const { call, data, tenantId } = setup();
    const owner = person('owner-half');
    const start = (await call(startUpload, { fileName: 'a.png', contentType: 'image/png', size: 500 }, owner)).body as unknown as StartUploadResponse;
    // Finish moved it on, then stopped before ending its reservation.
    await data.media.setStatus(start.mediaId, { status: 'processing' }, 'uploading');
    const swept = await sweepAbandonedUploads({ stores: { db, storage }, env: { MEDIA_UPLOAD_ABANDON_MINUTES: 60 }, tenants: [{ id: tenantId }], now: () => Date.now() + 2 * HOUR });
    expect(swept.kept).toEqual([`${tenantId}/${start.mediaId}`]);
    expect(await data.media.quotaUse('owner-half')).toEqual({ used: 500, reserved: 0 });
    expect(await data.media.get(start.mediaId)).toMatchObject({ status: 'processing' });
  });
});
