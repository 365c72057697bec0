import { describe, expect, it } from 'vitest';
import { nextPosition, playOrder, playlistSaveSchema } from '#app/lib/media/playlist';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { createPlaylist, deletePlaylist, getPlaylist, listPlaylists, savePlaylist } from './playlists.server';

const db = testDatabase();
const TRACK_A = 'aaaaaaaaa000000000001';
const TRACK_B = 'aaaaaaaaa000000000002';

describe('playlists', () => {
  it('creates a playlist with play-all and volume 1, saves its order and flags, lists and deletes it', async () => {
    const t = uniqueTenantId();
    const created = await createPlaylist(db, t, 'u1', 'Warm-up');
    expect(created).toMatchObject({ title: 'Warm-up', trackIds: [], playAll: true, shuffle: false, loop: false, repeat: false, volume: 1 });
    const saved = await savePlaylist(db, t, 'u1', created.id, { title: 'Warm-up mix', trackIds: [TRACK_B, TRACK_A], playAll: true, shuffle: true, loop: true, repeat: false, volume: 0.5 });
    expect(saved).toMatchObject({ title: 'Warm-up mix', trackIds: [TRACK_B, TRACK_A], shuffle: true, loop: true, volume: 0.5 });
    expect(await getPlaylist(db, t, 'u1', created.id)).toEqual(saved);
    const second = await createPlaylist(db, t, 'u1', 'Encore');
    expect((await listPlaylists(db, t, 'u1')).map((p) => p.id)).toEqual([created.id, second.id]);
    expect(await deletePlaylist(db, t, 'u1', created.id)).toBe(true);
    expect(await getPlaylist(db, t, 'u1', created.id)).toBeNull();
    expect(await deletePlaylist(db, t, 'u1', created.id)).toBe(false);
  });

  it("never reads, saves or deletes another owner's or another tenant's playlist", async () => {
    const a = uniqueTenantId();
    const b = uniqueTenantId();
    const mine = await createPlaylist(db, a, 'u1', 'Mine');
    const edit = { title: 'Taken', trackIds: [], playAll: false, shuffle: false, loop: false, repeat: false, volume: 1 };
    expect(await getPlaylist(db, a, 'u2', mine.id)).toBeNull();
    expect(await getPlaylist(db, b, 'u1', mine.id)).toBeNull();
    expect(await savePlaylist(db, a, 'u2', mine.id, edit)).toBeNull();
    expect(await savePlaylist(db, b, 'u1', mine.id, edit)).toBeNull();
    expect(await deletePlaylist(db, b, 'u1', mine.id)).toBe(false);
    expect(await listPlaylists(db, a, 'u2')).toEqual([]);
    expect(await listPlaylists(db, b, 'u1')).toEqual([]);
    expect(await getPlaylist(db, a, 'u1', '../x')).toBeNull();
    expect(await getPlaylist(db, a, 'u1', mine.id)).toMatchObject({ title: 'Mine' });
  });

  it('validates what is saved: a title, known track ids once each, volume 0–1 (default 1)', () => {
    const ok = playlistSaveSchema.parse({ title: ' Set ', trackIds: [TRACK_A], playAll: true, shuffle: false, loop: false, repeat: true });
    expect(ok).toMatchObject({ title: 'Set', volume: 1 });
    const bad = playlistSaveSchema.safeParse({ title: '', trackIds: [TRACK_A, TRACK_A, '../x'], playAll: true, shuffle: false, loop: false, repeat: false, volume: 2 });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(expect.arrayContaining(['library.errors.titleRequired', 'library.errors.track', 'library.errors.volume']));
  });

  it('plays in order or shuffled, repeats a track, loops the list or stops at its end', () => {
    expect(playOrder(4, false)).toEqual([0, 1, 2, 3]);
    const shuffled = playOrder(5, true, () => 0);
    expect([...shuffled].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(shuffled).not.toEqual([0, 1, 2, 3, 4]);
    expect(nextPosition(1, 3, { playAll: true, loop: false, repeat: true })).toBe(1);
    expect(nextPosition(1, 3, { playAll: true, loop: false, repeat: false })).toBe(2);
    expect(nextPosition(2, 3, { playAll: true, loop: false, repeat: false })).toBeNull();
    expect(nextPosition(2, 3, { playAll: true, loop: true, repeat: false })).toBe(0);
    expect(nextPosition(0, 3, { playAll: false, loop: true, repeat: false })).toBeNull();
    expect(nextPosition(0, 0, { playAll: true, loop: true, repeat: true })).toBeNull();
  });
});
