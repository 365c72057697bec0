import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#app/lib/identity/types';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { channelIntroVideo } from './intro.server';

const db = testDatabase();
const member: SessionUser = { sub: 'member', username: 'member', email: 'm@example.com', emailVerified: true, groups: ['member'] };

describe("a channel's introduction video (/cmiVideo?channel=)", () => {
  it("is its owner's finished video a viewer may see; someone else's or a private one is not shown", async () => {
    const data = tenantData({ db }, uniqueTenantId());
    const video = async (ownerId: string, visibility: 'public' | 'private') => {
      const item = await data.media.create({ kind: 'video', ownerId, ownerName: 'O', title: 'Intro', visibility, original: { fileName: 'i.mp4', contentType: 'video/mp4', bytes: 10, extension: 'mp4' } });
      await data.media.setStatus(item.id, { status: 'ready', progress: 100, derived: {} }, ['uploading']);
      return item.id;
    };
    const mine = await video('owner', 'public');
    expect((await channelIntroVideo(data, { ownerId: 'owner', introVideoId: mine }, null))?.id).toBe(mine);
    expect(await channelIntroVideo(data, { ownerId: 'owner', introVideoId: await video('other', 'public') }, null)).toBeNull();
    expect(await channelIntroVideo(data, { ownerId: 'owner', introVideoId: await video('owner', 'private') }, member)).toBeNull();
    expect(await channelIntroVideo(data, { ownerId: 'owner', introVideoId: null }, member)).toBeNull();
  });
});
