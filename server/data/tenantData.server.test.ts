import { describe, expect, it } from 'vitest';
import type { TenantId } from '#app/lib/config/tenant';
import { testDatabase, testStorage } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { getEvent, newEventInput } from '#server/events/data/events.server';
import { tenantData } from './tenantData.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const input = () => newEventInput({ title: 'Bound', eventDateTime: new Date(Date.now() + 3_600_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' });

/**
 * Checked by tsc, not at run time (npm test runs tsc first): every line under a @ts-expect-error
 * must stay a type error. Were TenantId a plain string, these calls would compile, the directives
 * would be unused and tsc would fail.
 */
export function typeChecks(db: Database, tenantId: TenantId, eventId: string) {
  // @ts-expect-error the event id where the tenant id goes (and the tenant id where the event id goes)
  void getEvent(db, eventId, tenantId);
  // @ts-expect-error a plain string is no TenantId: only tenant resolution makes one
  void getEvent(db, 'aurora', eventId);
  // @ts-expect-error the data context is bound to a TenantId as well
  void tenantData({ db }, eventId);
  return getEvent(db, tenantId, eventId);
}

describe('tenantData (DynamoDB Local, s3rver)', () => {
  it('reads and writes only its own tenant’s data, with the tenant already applied', async () => {
    const a = tenantData({ db }, uniqueTenantId('bound'));
    const b = tenantData({ db }, uniqueTenantId('bound'));
    const event = await a.events.create(input(), organizer);
    expect(event.tenantId).toBe(a.tenantId);
    expect(await a.events.get(event.eventId)).toMatchObject({ eventId: event.eventId, title: 'Bound' });
    expect(await b.events.get(event.eventId)).toBeNull();
    expect(await b.events.byShortCode(event.shortCode)).toBeNull();
    await a.profiles.save('u1', { displayName: 'Ann' });
    expect(await a.profiles.get('u1')).toMatchObject({ displayName: 'Ann' });
    expect(await b.profiles.get('u1')).toBeNull();
  });

  it('keeps files inside the tenant’s prefix', async () => {
    const data = tenantData({ db, storage: testStorage() }, uniqueTenantId('bound'));
    const key = await data.files.put({ key: 'notes/a.txt', body: 'hello', contentType: 'text/plain' });
    expect(key).toBe(`${data.files.prefix}notes/a.txt`);
    expect((await data.files.read('notes/a.txt')).toString()).toBe('hello');
    expect(() => data.files.objectKey('tenants/someone-else/a.txt')).toThrow();
  });

  it('refuses a section whose store it was built without', () => {
    const data = tenantData({ db }, uniqueTenantId('bound'));
    expect(() => data.files).toThrow(/without storage/);
    expect(() => data.chat).toThrow(/without the chat service/);
  });
});
