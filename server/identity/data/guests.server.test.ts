import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { testTenantId, uniqueTenantId } from '#tests/support/tenants';
import { GUEST_CODE_TTL_MS, GUEST_MAX_ATTEMPTS, guestCookieSecret, readGuest, requestGuestCode, signGuest, verifyGuestCode } from './guests.server';

const db = testDatabase();

function outbox() {
  return join(mkdtempSync(join(tmpdir(), 'guest-outbox-')), 'outbox.jsonl');
}
const lastCode = (file: string) => JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!) as { code: string; purpose: string; destination: string; tenant: string };

describe('guest codes (against DynamoDB Local)', () => {
  it('writes the code to the outbox and accepts it once', async () => {
    const t = uniqueTenantId();
    const file = outbox();
    await requestGuestCode(db, t, { name: 'Gus', email: 'gus@example.com' }, Date.now(), file);
    const sent = lastCode(file);
    expect(sent).toMatchObject({ tenant: t, destination: 'gus@example.com', purpose: 'GuestVerification' });
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(await verifyGuestCode(db, t, 'gus@example.com', sent.code)).toEqual({ ok: true, name: 'Gus' });
    expect(await verifyGuestCode(db, t, 'gus@example.com', sent.code)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stores no plain code', async () => {
    const t = uniqueTenantId();
    const file = outbox();
    await requestGuestCode(db, t, { name: 'H', email: 'h@example.com' }, Date.now(), file);
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: `T#${t}#GUEST#h@example.com`, sk: 'CODE' } }));
    expect(JSON.stringify(out.Item)).not.toContain(lastCode(file).code);
  });

  it('voids the code after too many wrong attempts', async () => {
    const t = uniqueTenantId();
    const file = outbox();
    await requestGuestCode(db, t, { name: 'A', email: 'a@example.com' }, Date.now(), file);
    const good = lastCode(file).code;
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < GUEST_MAX_ATTEMPTS - 1; i++) expect(await verifyGuestCode(db, t, 'a@example.com', wrong)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyGuestCode(db, t, 'a@example.com', wrong)).toEqual({ ok: false, reason: 'tooManyAttempts' });
    expect(await verifyGuestCode(db, t, 'a@example.com', good)).toEqual({ ok: false, reason: 'tooManyAttempts' });
  });

  it('expires codes', async () => {
    const t = uniqueTenantId();
    const file = outbox();
    const start = Date.now();
    await requestGuestCode(db, t, { name: 'E', email: 'e@example.com' }, start, file);
    expect(await verifyGuestCode(db, t, 'e@example.com', lastCode(file).code, start + GUEST_CODE_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps codes per tenant', async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    const file = outbox();
    await requestGuestCode(db, a, { name: 'X', email: 'x@example.com' }, Date.now(), file);
    expect(await verifyGuestCode(db, b, 'x@example.com', lastCode(file).code)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('guest cookie', () => {
  it('round-trips, and refuses tampering, another tenant and expiry', async () => {
    const t = uniqueTenantId();
    const secret = await guestCookieSecret(db, t);
    expect((await guestCookieSecret(db, t)).equals(secret)).toBe(true);
    const value = signGuest(secret, t, { name: 'G', email: 'g@example.com' });
    expect(readGuest(secret, t, value)).toMatchObject({ name: 'G', email: 'g@example.com', guestAuthenticated: true });
    expect(readGuest(secret, testTenantId('other'), value)).toBeNull();
    expect(readGuest(secret, t, value.slice(0, -2) + 'xx')).toBeNull();
    expect(readGuest(secret, t, value, Date.now() + 13 * 3600 * 1000)).toBeNull();
    const otherSecret = await guestCookieSecret(db, uniqueTenantId());
    expect(readGuest(otherSecret, t, value)).toBeNull();
  });
});
