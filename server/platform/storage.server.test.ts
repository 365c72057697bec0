import { describe, expect, it } from 'vitest';
import { testStorage } from '#tests/support/local-stack';
import { testTenantId, uniqueTenantId } from '#tests/support/tenants';
import {
  attachmentDisposition,
  deleteFolder,
  deleteObject,
  getObjectBuffer,
  isAllowedType,
  presignDownload,
  presignUpload,
  putObject,
  StorageError,
  tenantObjectKey,
} from './storage.server';

const storage = testStorage();
const AURORA = testTenantId('aurora');

async function expectStorageError(promise: Promise<unknown> | (() => unknown), code: string) {
  const run = typeof promise === 'function' ? async () => promise() : () => promise;
  await expect(run()).rejects.toSatisfy((e: unknown) => e instanceof StorageError && e.code === code);
}

describe('tenantObjectKey', () => {
  it('puts every key under tenants/<tenantId>/', () => {
    expect(tenantObjectKey(AURORA, 'events/e1/poster.webp')).toBe('tenants/aurora/events/e1/poster.webp');
    expect(tenantObjectKey(AURORA, 'tenants/aurora/events/e1/poster.webp')).toBe('tenants/aurora/events/e1/poster.webp');
  });

  it.each([
    ['another tenant prefix', 'tenants/other/secret.txt'],
    ['a prefix that only looks like the tenant', 'tenants/aurora-evil/x'],
    ['".." in the middle', 'events/../../other/x'],
    ['".." that would climb out', '../other/x'],
    ['a leading slash', '/tenants/aurora/x'],
    ['an empty key', ''],
    ['only the prefix', 'tenants/aurora/'],
    ['an empty segment', 'events//x'],
    ['a "." segment', 'events/./x'],
    ['a backslash', 'events\\x'],
    ['a control character', 'events/x\n'],
    ['a percent-encoded escape', 'events/%2e%2e/x'],
  ])('refuses %s', async (_name, key) => {
    await expectStorageError(() => tenantObjectKey(AURORA, key), 'INVALID_KEY');
  });

  it('refuses an invalid tenant id', async () => {
    // @ts-expect-error a malformed id is no TenantId; storage refuses it at run time as well
    await expectStorageError(() => tenantObjectKey('../aurora', 'x'), 'INVALID_TENANT');
    // @ts-expect-error as above
    await expectStorageError(() => tenantObjectKey('', 'x'), 'INVALID_TENANT');
  });
});

describe('isAllowedType', () => {
  it('matches exact types and wildcards, case-insensitively', () => {
    expect(isAllowedType('image/png', ['image/*'])).toBe(true);
    expect(isAllowedType('IMAGE/PNG', ['image/png'])).toBe(true);
    expect(isAllowedType('video/mp4', ['image/*', 'application/pdf'])).toBe(false);
    expect(isAllowedType('image/png; charset=x', ['image/*'])).toBe(false);
    expect(isAllowedType('imagepng', ['*'])).toBe(false);
  });
});

describe('presignUpload / presignDownload (against s3rver)', () => {
  const allowedTypes = ['image/png', 'image/jpeg'];

  it('uploads through the presigned PUT and reads back through the presigned GET', async () => {
    const tenantId = uniqueTenantId();
    const body = Buffer.from('pretend this is a png');
    const upload = await presignUpload(storage, {
      tenantId,
      key: 'uploads/a.png',
      contentType: 'image/png',
      size: body.length,
      maxBytes: 1024,
      allowedTypes,
      expiresIn: 60,
    });
    expect(upload.key).toBe(`tenants/${tenantId}/uploads/a.png`);
    const url = new URL(upload.url);
    expect(url.pathname).toBe(`/${storage.bucket}/tenants/${tenantId}/uploads/a.png`);
    // Type and exact length are part of the signature, so S3 refuses any other upload.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);

    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body });
    expect(put.status).toBe(200);

    const download = await presignDownload(storage, { tenantId, key: 'uploads/a.png', expiresIn: 60 });
    const get = await fetch(download);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await get.arrayBuffer()).equals(body)).toBe(true);
    expect(get.headers.get('content-disposition')).toBeNull();
  });

  it('sets Content-Disposition on the download when a file name is given', async () => {
    const tenantId = uniqueTenantId();
    await putObject(storage, { tenantId, key: 'docs/r.txt', body: 'report', contentType: 'text/plain' });
    const url = await presignDownload(storage, { tenantId, key: 'docs/r.txt', fileName: 'Résumé "final".txt' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(attachmentDisposition('Résumé "final".txt'));
    expect(await res.text()).toBe('report');
  });

  it('answers a browser preflight from a tenant origin (bucket CORS)', async () => {
    const tenantId = uniqueTenantId();
    const upload = await presignUpload(storage, { tenantId, key: 'x.png', contentType: 'image/png', size: 3, maxBytes: 10, allowedTypes });
    const preflight = await fetch(upload.url, {
      method: 'OPTIONS',
      headers: { Origin: 'http://aurora.localhost:3000', 'Access-Control-Request-Method': 'PUT', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await fetch(upload.url, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(foreign.status).toBe(403);
  });

  it('refuses a disallowed type before signing', async () => {
    await expectStorageError(
      presignUpload(storage, { tenantId: AURORA, key: 'a.svg', contentType: 'image/svg+xml', size: 10, maxBytes: 100, allowedTypes }),
      'TYPE_NOT_ALLOWED',
    );
    await expectStorageError(
      presignUpload(storage, { tenantId: AURORA, key: 'a.html', contentType: 'text/html', size: 10, maxBytes: 100, allowedTypes: ['image/*'] }),
      'TYPE_NOT_ALLOWED',
    );
  });

  it('refuses a size over the limit, zero or fractional', async () => {
    const base = { tenantId: AURORA, key: 'a.png', contentType: 'image/png', maxBytes: 100, allowedTypes };
    await expectStorageError(presignUpload(storage, { ...base, size: 101 }), 'TOO_LARGE');
    await expectStorageError(presignUpload(storage, { ...base, size: 0 }), 'INVALID_SIZE');
    await expectStorageError(presignUpload(storage, { ...base, size: 1.5 }), 'INVALID_SIZE');
    await expectStorageError(presignUpload(storage, { ...base, size: 10, maxBytes: 0 }), 'INVALID_SIZE');
    await expectStorageError(presignUpload(storage, { ...base, size: 10, expiresIn: 8 * 24 * 3600 }), 'INVALID_EXPIRY');
  });

  it('refuses keys that escape the tenant prefix, for uploads and downloads', async () => {
    const base = { tenantId: AURORA, contentType: 'image/png', size: 10, maxBytes: 100, allowedTypes };
    await expectStorageError(presignUpload(storage, { ...base, key: 'tenants/other/a.png' }), 'INVALID_KEY');
    await expectStorageError(presignUpload(storage, { ...base, key: '../other/a.png' }), 'INVALID_KEY');
    await expectStorageError(presignDownload(storage, { tenantId: AURORA, key: 'tenants/other/a.png' }), 'INVALID_KEY');
    await expectStorageError(presignDownload(storage, { tenantId: AURORA, key: '/etc/passwd' }), 'INVALID_KEY');
  });
});

describe('putObject / getObjectBuffer / deleteObject', () => {
  it('round-trips an object inside the tenant prefix and deletes it', async () => {
    const tenantId = uniqueTenantId();
    const key = await putObject(storage, { tenantId, key: 'notes/n1.txt', body: Buffer.from('hello'), contentType: 'text/plain' });
    expect(key).toBe(`tenants/${tenantId}/notes/n1.txt`);
    expect((await getObjectBuffer(storage, tenantId, 'notes/n1.txt')).toString()).toBe('hello');
    await deleteObject(storage, tenantId, 'notes/n1.txt');
    await expect(getObjectBuffer(storage, tenantId, 'notes/n1.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it("never reads or deletes another tenant's object", async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    await putObject(storage, { tenantId: a, key: 'secret.txt', body: 'a only', contentType: 'text/plain' });
    await expectStorageError(getObjectBuffer(storage, b, `tenants/${a}/secret.txt`), 'INVALID_KEY');
    await expectStorageError(deleteObject(storage, b, `tenants/${a}/secret.txt`), 'INVALID_KEY');
    // The same relative key names b's own (absent) object, not a's.
    await expect(getObjectBuffer(storage, b, 'secret.txt')).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect((await getObjectBuffer(storage, a, 'secret.txt')).toString()).toBe('a only');
  });

  it('deletes a whole folder (nested files too) and nothing beside it or in another tenant', async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    for (const key of ['media/m1/original.jpg', 'media/m1/derived/small300.webp', 'media/m1/derived/hls/360p/seg0.ts', 'media/m10/original.jpg']) {
      await putObject(storage, { tenantId: a, key, body: 'x', contentType: 'application/octet-stream' });
    }
    await putObject(storage, { tenantId: b, key: 'media/m1/original.jpg', body: 'b', contentType: 'image/jpeg' });
    expect(await deleteFolder(storage, a, 'media/m1')).toBe(3);
    await expect(getObjectBuffer(storage, a, 'media/m1/derived/hls/360p/seg0.ts')).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect((await getObjectBuffer(storage, a, 'media/m10/original.jpg')).toString()).toBe('x');
    expect((await getObjectBuffer(storage, b, 'media/m1/original.jpg')).toString()).toBe('b');
    await expectStorageError(deleteFolder(storage, b, `tenants/${a}/media`), 'INVALID_KEY');
  });
});
