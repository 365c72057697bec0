import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { newEventInput } from '#server/events/data/events.server';
import type { Question } from '#app/lib/registration/questions';
import type { SessionUser } from '#app/lib/identity/types';
import { recordAnswers, registrationAnswers } from './answers.server';
import { registrationRows } from './export.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga Organizer', email: 'olga@example.com', language: 'en' };
const languages = { supported: ['en', 'es'] as Array<'en' | 'es'>, default: 'en' as const };
const person = (sub: string, email: string): SessionUser => ({ sub, email, emailVerified: true, username: email, groups: [] }) as unknown as SessionUser;
const labels = { name: 'Name', email: 'Email', registeredAt: 'Registered at', kind: 'Kind', free: 'Registration', paid: 'Ticket' };

const company: Question = { id: 'company', kind: 'shortText', required: true, label: { en: 'Company', es: 'Empresa' }, options: [] };
const track: Question = { id: 'track', kind: 'singleChoice', required: true, label: { en: 'Track' }, options: [{ id: 'a', label: { en: 'Beginner' } }, { id: 'b', label: { en: 'Advanced' } }] };

async function setUp() {
  const t = uniqueTenantId('reg');
  const data = tenantData({ db }, t);
  const event = await data.events.create(newEventInput({ title: 'Launch', eventDateTime: new Date(Date.now() + 86_400_000).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', capacity: 10, registrationQuestions: [company, track] }), organizer);
  return { t, data, event };
}

describe('registration answers (DynamoDB Local)', () => {
  it('refuses bad answers and stores nothing; stores good ones with the registration, shown to hosts as asked', async () => {
    const { t, data, event } = await setUp();
    const ana = person('ana', 'ana@example.com');
    expect(await recordAnswers(data, { languages }, event, ana, { company: '', track: 'zzz' }, 'es')).toEqual({
      ok: false,
      fields: { company: 'registration.answerErrors.required', track: 'registration.answerErrors.choice' },
    });
    expect(await data.registrationAnswers.get(event.eventId, 'ana')).toBeNull();
    expect(await recordAnswers(data, { languages }, event, ana, { company: 'Acme', track: 'b' }, 'es')).toEqual({ ok: true });
    await data.tickets.registerFree({ eventId: event.eventId, userId: 'ana', capacity: 10 });
    expect(await registrationAnswers(data, { id: t }, event.eventId, 'ana')).toEqual([
      { question: 'Company', answer: 'Acme' },
      { question: 'Track', answer: 'Advanced' },
    ]);
    // Holding a seat, a second attempt changes nothing.
    expect(await recordAnswers(data, { languages }, event, ana, { company: 'Other', track: 'a' }, 'en')).toEqual({ ok: true });
    expect((await data.registrationAnswers.get(event.eventId, 'ana'))?.answers[0]?.answer).toBe('Acme');
  });

  it('answers another tenant like an unknown person', async () => {
    const { data, event } = await setUp();
    await recordAnswers(data, { languages }, event, person('ana', 'ana@example.com'), { company: 'Acme', track: 'a' }, 'en');
    const other = tenantData({ db }, uniqueTenantId('reg'));
    expect(await registrationAnswers(other, { id: other.tenantId }, event.eventId, 'ana')).toEqual([]);
    expect(await registrationAnswers(data, { id: other.tenantId }, event.eventId, 'ana')).toEqual([]);
    expect(await other.registrationAnswers.list(event.eventId)).toEqual([]);
  });

  it('exports one row per seat holder, one column per question; an edit of the questions keeps the old answers', async () => {
    const { data, event } = await setUp();
    await recordAnswers(data, { languages }, event, person('ana', 'ana@example.com'), { company: '=Acme', track: 'a' }, 'en');
    await data.tickets.registerFree({ eventId: event.eventId, userId: 'ana', capacity: 10 });
    // The organizer renames the first question and drops the second; Ben registers after.
    const edited = await data.events.update(event.eventId, { ...newEventInput({ title: 'Launch', eventDateTime: event.eventDateTime, eventTimeZone: 'UTC', eventLanguage: 'en' }), registrationQuestions: [{ ...company, label: { en: 'Organisation' } }] });
    await recordAnswers(data, { languages }, edited, person('ben', 'ben@example.com'), { company: 'Beta' }, 'en');
    await data.tickets.registerFree({ eventId: event.eventId, userId: 'ben', capacity: 10 });
    // Someone who answered but took no seat is not in the export.
    await recordAnswers(data, { languages }, edited, person('cy', 'cy@example.com'), { company: 'Gamma' }, 'en');
    const { header, rows } = await registrationRows(data, { languages }, edited, labels);
    expect(header).toEqual(['Name', 'Email', 'Registered at', 'Kind', 'Organisation', 'Track']);
    expect(rows.map((r) => [r[1], r[3], ...r.slice(4)])).toEqual([
      ['ana@example.com', 'Registration', '=Acme', 'Beginner'],
      ['ben@example.com', 'Registration', 'Beta', ''],
    ]);
    expect(await registrationAnswers(data, { id: data.tenantId }, event.eventId, 'ana')).toEqual([
      { question: 'Company', answer: '=Acme' },
      { question: 'Track', answer: 'Beginner' },
    ]);
  });
});
