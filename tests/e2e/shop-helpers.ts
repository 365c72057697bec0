/** The shop's browser-test fixtures: a throwaway organizer's channel and products, seeded through the app's own data layer. */
import type { TenantData } from '#server/data/tenantData.server';
import { productInputSchema, type ProductInput } from '#app/lib/shop/model';
import { seedMediaItem } from '#tests/support/media';
import { e2eMediaData } from './library-helpers';
import { createUser, type TestUser } from './session-helpers';
import { testMark } from './marks';

export const CURRENCY: Record<string, string> = { aurora: 'USD', solana: 'MXN', lumiere: 'EUR' };
export const LANGUAGE: Record<string, 'en' | 'es' | 'fr'> = { aurora: 'en', solana: 'es', lumiere: 'fr' };

export interface SeededShop {
  data: TenantData;
  organizer: TestUser;
  channelId: string;
  channelName: string;
  productId: string;
  productTitle: string;
}

/** An organizer with a channel and one published product (an image, a download), priced `price` minor units. */
export async function seedShop(tenant: string, price: number, fields: Partial<ProductInput> = {}): Promise<SeededShop> {
  const data = e2eMediaData(tenant);
  const organizer = await createUser(tenant, 'seller', 'organizer');
  const marker = testMark();
  const image = await seedMediaItem(data, { kind: 'image', owner: { sub: organizer.sub, name: 'Seller' }, title: `Cover ${marker}`, visibility: 'public' });
  const channelName = `Studio ${marker}`;
  const channel = await data.channels.create({ userId: organizer.sub, name: 'Seller' }, { name: channelName, about: `Workshops by ${marker}. More at https://example.com/${marker}`, introVideoId: null, links: [{ label: 'Site', url: `https://example.com/${marker}` }] }, CURRENCY[tenant]!);
  const productTitle = `Poster ${marker}`;
  const product = await data.products.create(
    { userId: organizer.sub },
    productInputSchema.parse({ channelId: channel.channelId, title: productTitle, description: 'A printable poster.', price, images: [image.id], delivers: 'download', mediaIds: [image.id], published: true, ...fields }),
    CURRENCY[tenant]!,
  );
  return { data, organizer, channelId: channel.channelId, channelName, productId: product.productId, productTitle };
}

/** Another published product in the seeded shop's channel (its own title), priced `price` minor units. */
export async function seedProduct(shop: SeededShop, tenant: string, price: number, fields: Partial<ProductInput>): Promise<{ productId: string; title: string }> {
  const title = `${fields.title ?? 'Item'} ${testMark()}`;
  const product = await shop.data.products.create(
    { userId: shop.organizer.sub },
    productInputSchema.parse({ channelId: shop.channelId, description: 'Sold in the browser tests.', price, published: true, ...fields, title }),
    CURRENCY[tenant]!,
  );
  return { productId: product.productId, title };
}
