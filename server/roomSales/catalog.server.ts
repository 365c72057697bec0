/**
 * The shop's channels and products as donations and room sales read them (server/data/channels
 * and products): the few fields a donation or a pinned card needs.
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

export async function channelOf(data: TenantData, channelId: string): Promise<CatalogChannel | null> {
  return data.channels.get(channelId);
}

export async function productOf(data: TenantData, productId: string): Promise<CatalogProduct | null> {
  return data.products.get(productId);
}
