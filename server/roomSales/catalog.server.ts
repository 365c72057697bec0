/**
 * The shop's channels and products as donations and room sales read them: the contract of
 * `context.data.channels` and `context.data.products` (shop's task, issue 15). Until that section
 * is part of the tenant's data, no channel or product exists here: a channel donation or a
 * product pin is then refused as not found (the room's own donations, replay and ticket need no
 * shop). At merge, these two functions become plain calls of the sections.
 */
import type { TenantData } from '../data/tenantData.server';

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
}

interface ShopSections {
  channels?: { get(channelId: string): Promise<CatalogChannel | null> };
  products?: { get(productId: string): Promise<CatalogProduct | null> };
}

const shopOf = (data: TenantData) => data as unknown as ShopSections;

export async function channelOf(data: TenantData, channelId: string): Promise<CatalogChannel | null> {
  return (await shopOf(data).channels?.get(channelId)) ?? null;
}

export async function productOf(data: TenantData, productId: string): Promise<CatalogProduct | null> {
  return (await shopOf(data).products?.get(productId)) ?? null;
}
