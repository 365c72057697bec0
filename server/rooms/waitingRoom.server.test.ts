/**
 * The waiting room in the one admission decision (docs/decisions/0082): an event whose hosts admit
 * participants keeps a participant who passed every other gate out (waiting) until a host admits
 * them, or out for good with the host's reason (denied); hosts, the organizer and admins never wait;
 * the standing is stored per tenant and event and survives a fresh data context (a reload, another
 * instance); another tenant's decisions reach nothing.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { newEventInput, type EventInput } from '#server/events/data/events.server';
import { tenantData } from '#server/data/tenantData.server';
import { decideWaitingRoom, queueView } from './waitingRoom.server';
import { admitToRoom } from '#server/entitlement/index.server';

const db = testDatabase();
const organizer = { sub: 'org-1', name: 'Olga', email: 'olga@example.com', language: 'en' };
const min = 60_000;

async function setUp(over: Partial<EventInput> = {}) {
  const tenantId = uniqueTenantId('wait');
  const data = tenantData({ db }, tenantId);
  const start = Date.now() + 60 * min;
  const created = await data.events.create(
    newEventInput({ title: 'Talk', eventDateTime: new Date(start).toISOString(), eventTimeZone: 'UTC', eventLanguage: 'en', hosts: ['host@example.com'], hostsAdmit: true, ...over }),
    organizer,
  );
  const event = await data.invitations.accept(created, { sub: 'host-1', email: 'host@example.com', emailVerified: true });
  return { tenantId, data, event, start };
}

describe('admitToRoom with the waiting room', () => {
  it('keeps a participant who passed every gate waiting until a host admits them; the admission survives a new data context', async () => {
    const { tenantId, data, event, start } = await setUp();
    expect(event.hostsAdmit).toBe(true);
    expect(await admitToRoom(data, event, { sub: 'ana' }, start)).toEqual({ ok: false, role: 'participant', reason: 'waiting' });
    await data.waiting.knock(event.eventId, { userId: 'ana', name: 'Ana' });
    expect(await admitToRoom(data, event, { sub: 'ana' }, start)).toEqual({ ok: false, role: 'participant', reason: 'waiting' });

    expect((await decideWaitingRoom(data, event.eventId, { userIds: ['ana'] }, { state: 'admitted', by: 'host-1' })).decided).toBe(1);
    const reloaded = tenantData({ db }, tenantId);
    expect(await admitToRoom(reloaded, event, { sub: 'ana' }, start)).toEqual({ ok: true, role: 'participant' });
    // A knock after the decision changes nothing (the write is conditional).
    expect((await reloaded.waiting.knock(event.eventId, { userId: 'ana', name: 'Ana again' })).state).toBe('admitted');
    expect(await admitToRoom(reloaded, event, { sub: 'ana' }, start)).toEqual({ ok: true, role: 'participant' });
  });

  it('never keeps the organizer, a host or a tenant admin waiting, and reads no standing for them', async () => {
    const { data, event, start } = await setUp();
    const reads = vi.spyOn(data.waiting, 'get');
    expect(await admitToRoom(data, event, { sub: 'org-1' }, start)).toEqual({ ok: true, role: 'organizer' });
    expect(await admitToRoom(data, event, { sub: 'host-1' }, start)).toEqual({ ok: true, role: 'host' });
    expect(await admitToRoom(data, event, { sub: 'admin-1', groups: ['admin'] }, start)).toEqual({ ok: true, role: 'organizer' });
    expect(reads).not.toHaveBeenCalled();
  });

  it('answers a denied participant with the host’s reason, and admits them if a host changes their mind', async () => {
    const { data, event, start } = await setUp();
    await data.waiting.knock(event.eventId, { userId: 'bo', name: 'Bo' });
    await decideWaitingRoom(data, event.eventId, { userIds: ['bo'] }, { state: 'denied', reason: 'Members only tonight', by: 'host-1' });
    expect(await admitToRoom(data, event, { sub: 'bo' }, start)).toEqual({ ok: false, role: 'participant', reason: 'denied', note: 'Members only tonight' });
    await decideWaitingRoom(data, event.eventId, { userIds: ['bo'] }, { state: 'admitted', by: 'host-1' });
    expect(await admitToRoom(data, event, { sub: 'bo' }, start)).toEqual({ ok: true, role: 'participant' });
  });

  it('comes after every other gate: the ticket, the lead time and blocks refuse first; an event without the option keeps nobody waiting', async () => {
    const { data, event, start } = await setUp({ ticketPrice: 1500 });
    expect(await admitToRoom(data, event, { sub: 'cy' }, start)).toMatchObject({ ok: false, reason: 'ticketRequired' });
    await data.tickets.grant({ eventId: event.eventId, userId: 'cy', orderId: 'o-1', kind: 'ticket' });
    expect(await admitToRoom(data, event, { sub: 'cy' }, start)).toMatchObject({ ok: false, reason: 'waiting' });
    expect(await admitToRoom(data, event, { sub: 'cy' }, start - 30 * min)).toMatchObject({ ok: false, reason: 'notYetOpen' });
    expect(await admitToRoom(data, { ...event, blockedUsers: ['cy'] }, { sub: 'cy' }, start)).toMatchObject({ ok: false, reason: 'blocked' });
    // A socket seated at its join is not asked again.
    expect(await admitToRoom(data, event, { sub: 'cy' }, start, { seated: true })).toEqual({ ok: true, role: 'participant' });

    const plain = await setUp({ hostsAdmit: false });
    expect(await admitToRoom(plain.data, plain.event, { sub: 'cy' }, plain.start)).toEqual({ ok: true, role: 'participant' });
  });

  it('reaches nothing of another tenant: its decisions for this event id write nothing here, and its reads see nothing', async () => {
    const { data, event, start } = await setUp();
    await data.waiting.knock(event.eventId, { userId: 'dee', name: 'Dee' });
    const other = tenantData({ db }, uniqueTenantId('other'));
    expect(await other.waiting.get(event.eventId, 'dee')).toBeNull();
    expect(await other.waiting.list(event.eventId)).toEqual([]);
    expect((await decideWaitingRoom(other, event.eventId, { all: true }, { state: 'admitted', by: 'intruder' })).decided).toBe(0);
    expect(await admitToRoom(data, event, { sub: 'dee' }, start)).toMatchObject({ ok: false, reason: 'waiting' });
    // Nor does another tenant's data know the event itself.
    expect(await other.events.get(event.eventId)).toBeNull();
  });

  it('admits everyone waiting as one batch: 60 people in three BatchWriteItem calls after one query', async () => {
    const { data, event, start } = await setUp();
    await Promise.all(Array.from({ length: 60 }, (_, i) => data.waiting.knock(event.eventId, { userId: `p${i}`, name: `Person ${i}` })));
    await data.waiting.knock(event.eventId, { userId: 'late', name: 'Late' });
    await decideWaitingRoom(data, event.eventId, { userIds: ['late'] }, { state: 'denied', by: 'host-1' });
    const send = vi.spyOn(db.doc, 'send');
    try {
      const { decided, records } = await decideWaitingRoom(data, event.eventId, { all: true }, { state: 'admitted', by: 'host-1' });
      expect(decided).toBe(60);
      expect(send.mock.calls.filter((c) => c[0] instanceof BatchWriteCommand)).toHaveLength(3);
      expect(queueView(records).filter((e) => e.state === 'waiting')).toEqual([]);
    } finally {
      send.mockRestore();
    }
    expect(await admitToRoom(data, event, { sub: 'p59' }, start)).toEqual({ ok: true, role: 'participant' });
    // "All" is everyone waiting: the denied stay denied.
    expect(await admitToRoom(data, event, { sub: 'late' }, start)).toMatchObject({ ok: false, reason: 'denied' });
  });
});

describe('the waiting room’s registration answers', () => {
  it('keeps the answers given at the knock with the person in the queue', async () => {
    const { data, event } = await setUp();
    await data.waiting.knock(event.eventId, { userId: 'eve', name: 'Eve', answers: [{ question: 'Role', answer: 'Designer' }] });
    expect(queueView(await data.waiting.list(event.eventId))).toMatchObject([{ userId: 'eve', name: 'Eve', state: 'waiting', answers: [{ question: 'Role', answer: 'Designer' }] }]);
  });
});
