/**
 * The shop's channels and products as donations and room sales read them (server/data/channels
 * and products): the few fields a donation or a pinned card needs.
 */
import type { TenantData } from '#server/data/tenantData.server';

export interface CatalogChannel {
  channelId: string;
  ownerId: string;
  ownerName: string;
  name: string;
  currency: string;
}

export interface CatalogProduct {
  productId: string;
  channelId: string;
  ownerId: string;
  title: string;
  price: number;
  currency: string;
  media: { images: string[] };
  published: boolean;
}

export async function channelOf(data: TenantData, channelId: string): Promise<CatalogChannel | null> {
  return data.channels.get(channelId);
}

export async function productOf(data: TenantData, productId: string): Promise<CatalogProduct | null> {
  return data.products.get(productId);
}

/** The published products of every channel the user owns, newest channel's first, as the pin picker lists them. */
export async function publishedProductsOf(data: TenantData, ownerId: string): Promise<CatalogProduct[]> {
  const channels = await data.channels.byOwner(ownerId);
  const lists = await Promise.all(channels.map((c) => data.products.byChannel(c.channelId)));
  return lists.flat().filter((p) => p.published && p.ownerId === ownerId);
}
