import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import {
  claimLive,
  getBroadcastKey,
  getBroadcastState,
  issueBroadcastKey,
  leaseSrtSlot,
  listSrtSlots,
  revokeBroadcastKey,
  updateLive,
} from './broadcasts.server';

const db = testDatabase();
const EVENT = 'abcdefabcdef';
const claim = (sessionId: string, workerId = 'w1') => ({ protocol: 'rtmp' as const, sessionId, workerId, leaseMs: 10_000, folder: `broadcasts/${EVENT}/${sessionId}` });
/** A port range of its own per test run, so runs against one DynamoDB Local never share ports. */
const ports = () => ({ first: 30_000 + Math.floor(Math.random() * 30_000), count: 3 });

describe('broadcast keys', () => {
  it('stores what it is given (never a key), replaces it on rotation and forgets it on revocation', async () => {
    const t = uniqueTenantId();
    expect(await getBroadcastKey(db, t, EVENT, 'rtmp')).toBeNull();
    await issueBroadcastKey(db, t, EVENT, 'rtmp', { nonce: 'n1', hash: 'h1', hint: 'aaaa' });
    await issueBroadcastKey(db, t, EVENT, 'rtmp', { nonce: 'n2', hash: 'h2', hint: 'bbbb' });
    expect(await getBroadcastKey(db, t, EVENT, 'rtmp')).toMatchObject({ nonce: 'n2', hash: 'h2', hint: 'bbbb' });
    expect(await getBroadcastKey(db, uniqueTenantId(), EVENT, 'rtmp')).toBeNull();
    expect(await revokeBroadcastKey(db, uniqueTenantId(), EVENT, 'rtmp')).toBe(false);
    expect(await revokeBroadcastKey(db, t, EVENT, 'rtmp')).toBe(true);
    expect(await getBroadcastKey(db, t, EVENT, 'rtmp')).toBeNull();
  });

  it('gives each SRT key a port of its own, keeps it on rotation (with the new nonce on its slot) and frees it on revocation', async () => {
    const t = uniqueTenantId();
    const range = ports();
    const a = await issueBroadcastKey(db, t, 'aaaaaaaaaaaa', 'srt', { nonce: 'a1', hash: 'h', hint: 'x', srtPorts: range });
    const b = await issueBroadcastKey(db, t, 'bbbbbbbbbbbb', 'srt', { nonce: 'b1', hash: 'h', hint: 'x', srtPorts: range });
    expect(a.port).not.toBe(b.port);
    const rotated = await issueBroadcastKey(db, t, 'aaaaaaaaaaaa', 'srt', { nonce: 'a2', hash: 'h', hint: 'x', srtPorts: range });
    expect(rotated.port).toBe(a.port);
    const slot = (await listSrtSlots(db)).find((s) => s.port === a.port);
    expect(slot).toMatchObject({ tenantId: t, eventId: 'aaaaaaaaaaaa', nonce: 'a2' });
    await issueBroadcastKey(db, t, 'cccccccccccc', 'srt', { nonce: 'c1', hash: 'h', hint: 'x', srtPorts: range });
    await expect(issueBroadcastKey(db, t, 'dddddddddddd', 'srt', { nonce: 'd1', hash: 'h', hint: 'x', srtPorts: range })).rejects.toThrow(/no free SRT port/);
    await revokeBroadcastKey(db, t, 'aaaaaaaaaaaa', 'srt');
    expect((await listSrtSlots(db)).some((s) => s.port === a.port)).toBe(false);
    const reused = await issueBroadcastKey(db, t, 'dddddddddddd', 'srt', { nonce: 'd1', hash: 'h', hint: 'x', srtPorts: range });
    expect(reused.port).toBe(a.port);
  });

  it('leases a port slot to one worker at a time until its lease runs out', async () => {
    const t = uniqueTenantId();
    const { port } = await issueBroadcastKey(db, t, EVENT, 'srt', { nonce: 'n', hash: 'h', hint: 'x', srtPorts: ports() });
    const now = Date.now();
    expect(await leaseSrtSlot(db, port!, 'w1', 10_000, now)).toBe(true);
    expect(await leaseSrtSlot(db, port!, 'w2', 10_000, now + 1000)).toBe(false);
    expect(await leaseSrtSlot(db, port!, 'w1', 10_000, now + 1000)).toBe(true);
    expect(await leaseSrtSlot(db, port!, 'w2', 10_000, now + 12_000)).toBe(true);
    await revokeBroadcastKey(db, t, EVENT, 'srt');
    expect(await leaseSrtSlot(db, port!, 'w2', 10_000, now + 13_000)).toBe(false);
  });
});

describe('live state', () => {
  it('lets one push hold the event: a second claim fails while the first lease runs, and wins once it has run out', async () => {
    const t = uniqueTenantId();
    expect(await getBroadcastState(db, t, EVENT)).toEqual({ status: 'idle' });
    const now = Date.now();
    const results = await Promise.all([claimLive(db, t, EVENT, claim('s1', 'w1'), now), claimLive(db, t, EVENT, claim('s2', 'w2'), now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 's1' : 's2';
    const loser = winner === 's1' ? 's2' : 's1';
    expect(await updateLive(db, t, EVENT, loser, { status: 'live' })).toBe(false);
    expect(await updateLive(db, t, EVENT, winner, { status: 'live', width: 1280, height: 720, variants: ['360p', '720p'] })).toBe(true);
    expect(await getBroadcastState(db, t, EVENT)).toMatchObject({ status: 'live', sessionId: winner, width: 1280 });
    expect(await claimLive(db, t, EVENT, claim('s3'), now + 5000)).toBe(false);
    // The winner's worker died: its lease runs out and the next push takes over; the old session can change nothing.
    expect(await claimLive(db, t, EVENT, claim('s3'), now + 11_000)).toBe(true);
    expect(await updateLive(db, t, EVENT, winner, { status: 'ended' })).toBe(false);
    const state = await getBroadcastState(db, t, EVENT);
    expect(state).toMatchObject({ status: 'connecting', sessionId: 's3' });
    expect(state.width).toBeUndefined();
    expect(await getBroadcastState(db, uniqueTenantId(), EVENT)).toEqual({ status: 'idle' });
  });

  it('takes a new push after the last one ended', async () => {
    const t = uniqueTenantId();
    expect(await claimLive(db, t, EVENT, claim('s1'))).toBe(true);
    expect(await updateLive(db, t, EVENT, 's1', { status: 'ended', endedAt: new Date().toISOString(), mediaId: 'm' })).toBe(true);
    expect(await claimLive(db, t, EVENT, claim('s2'))).toBe(true);
    expect((await getBroadcastState(db, t, EVENT)).mediaId).toBeUndefined();
  });
});
