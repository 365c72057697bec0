import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { addDestination, createRecording, getRecording, listDestinations, listRecordings, moveRecording, removeDestination } from './recordings.server';

const db = testDatabase();
const eventId = 'abcdefabcdef';
const base = { eventId, mode: 'browser' as const, destination: 'cloud' as const, startedBy: 'org-1' };

describe('recordings', () => {
  it('makes one recording when several starts race (two hosts, or a host and the automatic start)', async () => {
    const t = uniqueTenantId('recdb');
    const results = await Promise.all([createRecording(db, t, base), createRecording(db, t, base), createRecording(db, t, { ...base, auto: true })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await listRecordings(db, t, eventId)).toHaveLength(1);
  });

  it('moves only along the state machine, and frees the event for a new recording once it leaves the active states', async () => {
    const t = uniqueTenantId('recdb');
    const first = (await createRecording(db, t, base))!;
    expect(await moveRecording(db, t, eventId, first.id, { status: 'ready' })).toBeNull();
    expect((await moveRecording(db, t, eventId, first.id, { status: 'recording' }))?.status).toBe('recording');
    expect(await createRecording(db, t, base)).toBeNull();
    expect((await moveRecording(db, t, eventId, first.id, { status: 'stopping', endedAt: '2030-01-01T00:00:00.000Z' }))?.endedAt).toBe('2030-01-01T00:00:00.000Z');
    expect((await moveRecording(db, t, eventId, first.id, { status: 'processing', mediaId: 'm'.repeat(21) }))?.mediaId).toBe('m'.repeat(21));
    const second = await createRecording(db, t, base);
    expect(second).not.toBeNull();
    // The automatic start is settled by any earlier recording.
    expect(await createRecording(db, t, { ...base, auto: true })).toBeNull();
    expect((await listRecordings(db, t, eventId)).map((r) => r.id)).toEqual([second!.id, first.id]);
  });

  it('keeps each tenant to its own recordings and destinations', async () => {
    const [a, b] = [uniqueTenantId('recdb'), uniqueTenantId('recdb')];
    const rec = (await createRecording(db, a, base))!;
    const dest = await addDestination(db, a, eventId, { name: 'YT', url: 'rtmp://a.example/live', keyCipher: 'v1.x.y.z', keyTail: 'abcd' });
    expect(await getRecording(db, b, eventId, rec.id)).toBeNull();
    expect(await listRecordings(db, b, eventId)).toEqual([]);
    expect(await moveRecording(db, b, eventId, rec.id, { status: 'recording' })).toBeNull();
    expect(await listDestinations(db, b, eventId)).toEqual([]);
    expect(await removeDestination(db, b, eventId, dest.id)).toBe(false);
    expect(await removeDestination(db, a, eventId, dest.id)).toBe(true);
    expect(await removeDestination(db, a, eventId, 'not-an-id')).toBe(false);
  });
});
