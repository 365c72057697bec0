import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaKind, MediaStatus } from '#app/lib/media/model';
import { avatarIdOfMetadata, avatarUrl } from '#app/lib/photo/avatar';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { toMember, toMessage } from '#server/chat/data/keys.server';
import { tenantData } from '#server/data/tenantData.server';
import { chooseAvatar, currentAvatar } from './avatar.server';

const db = testDatabase();
const ann: SessionUser = { sub: 'ann', username: 'ann', email: 'ann@example.com', emailVerified: true, groups: ['member'] };

async function image(data: ReturnType<typeof tenantData>, ownerId: string, status: MediaStatus = 'ready', kind: MediaKind = 'image') {
  const item = await data.media.create({ kind, ownerId, ownerName: 'O', title: 'Me', visibility: 'private', original: { fileName: 'me.jpg', contentType: 'image/jpeg', bytes: 10, extension: 'jpg' } });
  await data.media.setStatus(item.id, { status, progress: 100, derived: {} }, ['uploading']);
  return item.id;
}

describe('avatars (against DynamoDB Local)', () => {
  it("takes only the person's own image that has not failed, and keeps it on the profile", async () => {
    const data = tenantData({ db }, uniqueTenantId());
    expect(await chooseAvatar(data, ann, await image(data, 'bob'))).toBe(false);
    expect(await chooseAvatar(data, ann, await image(data, 'ann', 'failed'))).toBe(false);
    expect(await chooseAvatar(data, ann, await image(data, 'ann', 'ready', 'video'))).toBe(false);
    expect(await chooseAvatar(data, ann, 'aaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(await currentAvatar(data, 'ann')).toBeNull();

    const processing = await image(data, 'ann', 'processing');
    expect(await chooseAvatar(data, ann, processing)).toBe(true);
    expect((await data.profiles.get('ann'))?.avatarId).toBe(processing);
    expect((await currentAvatar(data, 'ann'))?.id).toBe(processing);
  });

  it("is another tenant's nothing: the same person id there has no avatar", async () => {
    const a = tenantData({ db }, uniqueTenantId());
    const b = tenantData({ db }, uniqueTenantId());
    expect(await chooseAvatar(a, ann, await image(a, 'ann'))).toBe(true);
    expect(await currentAvatar(b, 'ann')).toBeNull();
    // An id of tenant A written on B's profile still finds no item on B.
    await b.profiles.save('ann', { avatarId: (await a.profiles.get('ann'))!.avatarId });
    expect(await currentAvatar(b, 'ann')).toBeNull();
  });

  it('stops showing an avatar whose item has since failed or was removed', async () => {
    const data = tenantData({ db }, uniqueTenantId());
    const id = await image(data, 'ann');
    await chooseAvatar(data, ann, id);
    await data.media.setStatus(id, { status: 'failed', failure: 'x' });
    expect(await currentAvatar(data, 'ann')).toBeNull();
  });
});

describe('avatar addresses and carriers', () => {
  it('builds a stable address per person and avatar, none without an avatar', () => {
    expect(avatarUrl('a b', 'abcdefghijklmnopqrstu')).toBe('/api/avatar?user=a%20b&v=abcdefghijklmnopqrstu');
    expect(avatarUrl('ann', '')).toBeNull();
    expect(avatarUrl('ann', undefined)).toBeNull();
  });

  it('reads the avatar from LiveKit metadata only when it is an item id', () => {
    expect(avatarIdOfMetadata(JSON.stringify({ role: 'participant', avatarId: 'abcdefghijklmnopqrstu' }))).toBe('abcdefghijklmnopqrstu');
    expect(avatarIdOfMetadata(JSON.stringify({ avatarId: '../x' }))).toBeUndefined();
    expect(avatarIdOfMetadata('not json')).toBeUndefined();
    expect(avatarIdOfMetadata(undefined)).toBeUndefined();
  });

  it('keeps a stored chat message’s avatar id, and only a well-formed one', () => {
    const base = { msgId: 'm', eventId: 'e', seq: 1, sender: 'ann' };
    expect(toMessage({ ...base, avatarId: 'abcdefghijklmnopqrstu' }).avatarId).toBe('abcdefghijklmnopqrstu');
    expect(toMessage({ ...base, avatarId: '<script>' }).avatarId).toBeUndefined();
    expect('avatarId' in toMessage(base)).toBe(false);
  });

  it('keeps a stored chat member’s avatar id (staff and blocked lists), and only a well-formed one', () => {
    expect(toMember({ userId: 'ann', displayName: 'Ann', avatarId: 'abcdefghijklmnopqrstu' }).avatarId).toBe('abcdefghijklmnopqrstu');
    expect('avatarId' in toMember({ userId: 'ann', displayName: 'Ann', avatarId: 'x' })).toBe(false);
  });
});
