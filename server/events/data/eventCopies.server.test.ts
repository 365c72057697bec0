import { describe, expect, it } from 'vitest';
import type { TenantId } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { forgetEvent, recentEvent } from './eventCopies.server';

/** A read that answers when told to. */
function deferredRead(event: EventRecord | null) {
  let answer!: () => void;
  let calls = 0;
  const read = () => {
    calls++;
    return new Promise<EventRecord | null>((resolve) => {
      answer = () => resolve(event);
    });
  };
  return { read, answer: () => answer(), calls: () => calls };
}

const record = (tenantId: string, eventId: string, blockedUsers: string[] = []) => ({ tenantId, eventId, blockedUsers } as unknown as EventRecord);
const newDb = () => ({} as Database);
const [t1, t2, t3] = ['t1', 't2', 't3'] as TenantId[];

describe('recentEvent / forgetEvent: the copies of events the doors of a room read', () => {
  it('shares the read in flight, then answers from the copy without reading', async () => {
    const db = newDb();
    const first = deferredRead(record('t1', 'e1'));
    const a = recentEvent(db, t1, 'e1', first.read);
    const b = recentEvent(db, t1, 'e1', first.read);
    first.answer();
    expect(await a).toBe(await b);
    expect(first.calls()).toBe(1);
    const again = deferredRead(record('t1', 'e1', ['x']));
    expect(await recentEvent(db, t1, 'e1', again.read)).toEqual(record('t1', 'e1'));
    expect(again.calls()).toBe(0);
  });

  it('forgets the copy when this instance writes the event: the next caller reads', async () => {
    const db = newDb();
    const first = deferredRead(record('t1', 'e1'));
    const kept = recentEvent(db, t1, 'e1', first.read);
    first.answer();
    await kept;
    forgetEvent(db, t1, 'e1');
    const next = deferredRead(record('t1', 'e1', ['blocked-one']));
    const read = recentEvent(db, t1, 'e1', next.read);
    next.answer();
    expect((await read)?.blockedUsers).toEqual(['blocked-one']);
    expect(next.calls()).toBe(1);
  });

  it('a read in flight when the event is written answers its callers but is not kept, and later callers do not join it', async () => {
    const db = newDb();
    const stale = deferredRead(record('t1', 'e1'));
    const before = recentEvent(db, t1, 'e1', stale.read);
    forgetEvent(db, t1, 'e1');
    const fresh = deferredRead(record('t1', 'e1', ['blocked-one']));
    const after = recentEvent(db, t1, 'e1', fresh.read);
    expect(fresh.calls()).toBe(1);
    stale.answer();
    expect((await before)?.blockedUsers).toEqual([]);
    fresh.answer();
    expect((await after)?.blockedUsers).toEqual(['blocked-one']);
    // The copy kept is the fresh one.
    expect((await recentEvent(db, t1, 'e1', deferredRead(null).read))?.blockedUsers).toEqual(['blocked-one']);
  });

  it('keeps copies per tenant and per database, never a missing event, never a failed read', async () => {
    const db = newDb();
    const one = deferredRead(record('t1', 'e1'));
    const p1 = recentEvent(db, t1, 'e1', one.read);
    one.answer();
    await p1;
    const otherTenant = deferredRead(null);
    const p2 = recentEvent(db, t2, 'e1', otherTenant.read);
    otherTenant.answer();
    expect(await p2).toBeNull();
    expect(otherTenant.calls()).toBe(1);
    const otherDb = deferredRead(null);
    const p3 = recentEvent(newDb(), t1, 'e1', otherDb.read);
    otherDb.answer();
    expect(await p3).toBeNull();

    // A missing event is read again (a new event is there at once).
    const again = deferredRead(record('t2', 'e1'));
    const p4 = recentEvent(db, t2, 'e1', again.read);
    again.answer();
    expect(await p4).toEqual(record('t2', 'e1'));

    // A failed read fails its callers and is not kept.
    await expect(recentEvent(db, t3, 'e1', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const after = deferredRead(record('t3', 'e1'));
    const p5 = recentEvent(db, t3, 'e1', after.read);
    after.answer();
    expect(await p5).toEqual(record('t3', 'e1'));
  });
});
