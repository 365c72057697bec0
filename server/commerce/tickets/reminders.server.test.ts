import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { newEventInput } from '#server/events/data/events.server';
import { loadEnv } from '#server/env.server';
import { tenantData } from '#server/data/tenantData.server';
import { scheduleReminders, sweepReminders } from './reminders.server';

const db = testDatabase();
const MIN = 60_000;
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const outbox = join(mkdtempSync(join(tmpdir(), 'reminders-')), 'outbox.jsonl');
let previous: string | undefined;
beforeAll(() => {
  previous = process.env.IDENTITY_OUTBOX_FILE;
  process.env.IDENTITY_OUTBOX_FILE = outbox;
});
afterAll(() => {
  if (previous === undefined) delete process.env.IDENTITY_OUTBOX_FILE;
  else process.env.IDENTITY_OUTBOX_FILE = previous;
});
const mails = () =>
  existsSync(outbox)
    ? readFileSync(outbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; purpose: string; subject: string; attachments?: { filename: string }[] })
    : [];

describe('reminders', () => {
  it('sends the day-before and the 15-minute reminder once each, follows a moved event and drops a cancelled one', async () => {
    const tenant = { id: uniqueTenantId(), displayName: 'Reminders', domains: [] as string[] };
    const data = tenantData({ db }, tenant.id);
    const start = Date.now() + 3 * 60 * MIN;
    const event = await data.events.create(newEventInput({ title: 'Remind me', eventDateTime: new Date(start).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), organizer);
    const cancelled = await data.events.create(newEventInput({ title: 'Called off', eventDateTime: new Date(start).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), organizer);
    await scheduleReminders(data, event, { userId: 'u1', email: 'ana@example.com', name: 'Ana' });
    await scheduleReminders(data, cancelled, { userId: 'u1', email: 'ana@example.com', name: 'Ana' });
    await data.events.cancel(cancelled.eventId);
    const sweep = (at: number) => sweepReminders({ db, tenants: [tenant], env: loadEnv(), now: () => at, log: () => undefined });

    // Three hours before: inside the day-before window; twice swept, one mail.
    expect(await sweep(start - 3 * 60 * MIN)).toEqual([`${tenant.id}/${event.eventId}/u1/24h`]);
    expect(await sweep(start - 3 * 60 * MIN + MIN)).toEqual([]);
    // Forty minutes before: between the two windows.
    expect(await sweep(start - 40 * MIN)).toEqual([]);
    expect(await sweep(start - 10 * MIN)).toEqual([`${tenant.id}/${event.eventId}/u1/15m`]);
    expect(await sweep(start - 5 * MIN)).toEqual([]);
    const sent = mails().filter((m) => m.to === 'ana@example.com' && m.purpose === 'reminder' && m.subject.includes('Remind me'));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.attachments?.[0]?.filename).toBe(`event-${event.eventId}.ics`);
    expect(mails().some((m) => m.subject.includes('Called off'))).toBe(false);
    expect(await data.tickets.remindersBetween(new Date(start - 60 * MIN).toISOString(), new Date(start + MIN).toISOString())).toHaveLength(1);
  });

  it('moves the entry when the event is rescheduled and reminds at the new time', async () => {
    const tenant = { id: uniqueTenantId(), displayName: 'Reminders', domains: [] as string[] };
    const data = tenantData({ db }, tenant.id);
    const start = Date.now() + 2 * 60 * MIN;
    const event = await data.events.create(newEventInput({ title: 'Moved', eventDateTime: new Date(start).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }), organizer);
    await scheduleReminders(data, event, { userId: 'u2', email: 'bo@example.com', name: 'Bo' });
    const later = start + 30 * MIN;
    await data.events.update(event.eventId, newEventInput({ title: 'Moved', eventDateTime: new Date(later).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en' }));
    const sweep = (at: number) => sweepReminders({ db, tenants: [tenant], env: loadEnv(), now: () => at, log: () => undefined });
    expect(await sweep(start - 10 * MIN)).toEqual([]);
    expect(await sweep(later - 10 * MIN)).toEqual([`${tenant.id}/${event.eventId}/u2/15m`]);
  });
});
