import { describe, expect, it } from 'vitest';
import type { EventRecord } from '#app/lib/events/model';
import type { SessionUser } from '#app/lib/identity/types';
import { productInputSchema } from '#app/lib/shop/model';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { tenantData } from '#server/data/tenantData.server';
import { publishedProductsOf } from './catalog.server';
import { PinRefused, pinFor } from './pins.server';

const db = testDatabase();
const MEDIA = 'aaaaaaaaa000000000009';
const host = { sub: 'host', email: 'h@example.com' } as SessionUser;

async function setup() {
  const tenantId = uniqueTenantId('pinsale');
  const data = tenantData({ db }, tenantId);
  const ctx = { tenant: { currency: 'USD' }, data };
  const product = async (owner: string, title: string, published: boolean) => {
    const channel = (await data.channels.byOwner(owner))[0] ?? (await data.channels.create({ userId: owner, name: owner }, { name: `${owner}'s`, about: '', introVideoId: null, links: [] }, 'USD'));
    return data.products.create({ userId: owner }, productInputSchema.parse({ channelId: channel.channelId, title, price: 1250, delivers: 'download', mediaIds: [MEDIA], published }), 'USD');
  };
  const event = { eventId: 'abcdefabcdef', organizerId: 'org', title: 'Live', images: {}, ticketPrice: 0, replayPrice: null } as unknown as EventRecord;
  return { ctx, data, product, event };
}

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof PinRefused ? e.code : e));

describe('the pinned sale of a product', () => {
  it("prices the organizer's published product from stored data", async () => {
    const { ctx, product, event } = await setup();
    const poster = await product('org', 'Poster', true);
    expect(await pinFor(ctx, event, host, 'product', poster.productId)).toMatchObject({ kind: 'product', refId: poster.productId, title: 'Poster', price: { amount: 1250, currency: 'USD' }, pinnedBy: 'host' });
  });

  it("refuses a draft (not for sale) and another organizer's product (not found)", async () => {
    const { ctx, product, event } = await setup();
    const draft = await product('org', 'Draft', false);
    const theirs = await product('someone', 'Theirs', true);
    expect(await refusal(pinFor(ctx, event, host, 'product', draft.productId))).toBe('notForSale');
    expect(await refusal(pinFor(ctx, event, host, 'product', theirs.productId))).toBe('notFound');
  });

  it('the picker lists the organizer’s published products only', async () => {
    const { data, product } = await setup();
    const [a, b] = [await product('org', 'A', true), await product('org', 'B', true)];
    await product('org', 'Draft', false);
    await product('someone', 'Theirs', true);
    expect((await publishedProductsOf(data, 'org')).map((p) => p.productId).sort()).toEqual([a.productId, b.productId].sort());
  });
});
