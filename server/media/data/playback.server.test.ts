import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { getPlaybackPosition, savePlaybackPosition } from './playback.server';

const db = testDatabase();
const MEDIA = 'aaaaaaaaa000000000001';

describe('remembered playback positions', () => {
  it('keeps the latest position per user and item', async () => {
    const t = uniqueTenantId();
    expect(await getPlaybackPosition(db, t, 'u1', MEDIA)).toBeNull();
    await savePlaybackPosition(db, t, 'u1', MEDIA, 12);
    await savePlaybackPosition(db, t, 'u1', MEDIA, 31);
    expect(await getPlaybackPosition(db, t, 'u1', MEDIA)).toMatchObject({ seconds: 31 });
  });

  it("never reads another user's or another tenant's position", async () => {
    const a = uniqueTenantId();
    const b = uniqueTenantId();
    await savePlaybackPosition(db, a, 'u1', MEDIA, 40);
    expect(await getPlaybackPosition(db, a, 'u2', MEDIA)).toBeNull();
    expect(await getPlaybackPosition(db, b, 'u1', MEDIA)).toBeNull();
  });
});
