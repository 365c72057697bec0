/**
 * Channels, products and carts (issue 15; docs/decisions/0034-shop.md). A channel is an
 * organizer's storefront; its products are priced in the tenant's currency in minor units
 * (app/lib/money/money.ts) and deliver media downloads, an event ticket or an event replay.
 */
import { z } from 'zod';

export const CHANNEL_LINKS_MAX = 5;
export const CHANNEL_IMAGE_SLOTS = ['avatar', 'banner'] as const;
export type ChannelImageSlot = (typeof CHANNEL_IMAGE_SLOTS)[number];

export interface ChannelLink {
  label: string;
  url: string;
}

/** Image variants by size name → storage key (event sizes for channels: thumbnail, banner, poster). */
export type ImageKeys = Partial<Record<string, string>>;

export interface Channel {
  channelId: string;
  ownerId: string;
  ownerName: string;
  name: string;
  about: string;
  avatar: ImageKeys;
  banner: ImageKeys;
  introVideoId: string | null;
  links: ChannelLink[];
  currency: string;
  createdAt: string;
  updatedAt: string;
}

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'shop.errors.linkUrl');

export const channelLinkSchema = z.object({
  label: z.string().trim().min(1, 'shop.errors.linkLabel').max(60, 'shop.errors.linkLabel'),
  url: httpsUrl,
});

/** Lengths the channel and product editors count against; the messages name them ({{max}}). */
export const SHOP_TEXT_LIMITS = { channelName: 80, channelAbout: 4000, productTitle: 120, productDescription: 4000 } as const;

/** What an organizer types for a channel (images are uploaded apart). */
export const channelInputSchema = z.object({
  name: z.string().trim().min(1, 'shop.errors.nameRequired').max(SHOP_TEXT_LIMITS.channelName, 'shop.errors.nameTooLong'),
  about: z.string().trim().max(SHOP_TEXT_LIMITS.channelAbout, 'shop.errors.aboutTooLong').default(''),
  introVideoId: z
    .string()
    .regex(/^[a-z0-9]{21}$/, 'shop.errors.introVideo')
    .nullable()
    .default(null),
  links: z.array(channelLinkSchema).max(CHANNEL_LINKS_MAX, 'shop.errors.tooManyLinks').default([]),
});
export type ChannelInput = z.infer<typeof channelInputSchema>;

export const PRODUCT_DELIVERIES = ['download', 'ticket', 'replay'] as const;
export type ProductDelivery = (typeof PRODUCT_DELIVERIES)[number];

export interface ProductMedia {
  images: string[];
  videos: string[];
  audios: string[];
}

export interface Product {
  productId: string;
  channelId: string;
  ownerId: string;
  title: string;
  description: string;
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  /** The library items shown on the product page (productImages, productVideos, productAudios). */
  media: ProductMedia;
  /** Units left to sell; null = unlimited. */
  stock: number | null;
  delivers: ProductDelivery;
  /** ticket and replay: the owner's event. */
  eventId?: string;
  /** download: the library items a buyer may then download. */
  mediaIds?: string[];
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

const mediaId = z.string().regex(/^[a-z0-9]{21}$/, 'shop.errors.media');
const mediaList = z.array(mediaId).max(12, 'shop.errors.tooManyMedia').default([]);

/** A product as the organizer saves it; the price is already in minor units (parsed from the typed major amount). */
export const productInputSchema = z
  .object({
    channelId: z.string().regex(/^[a-z0-9]{21}$/, 'shop.errors.channel'),
    title: z.string().trim().min(1, 'shop.errors.titleRequired').max(SHOP_TEXT_LIMITS.productTitle, 'shop.errors.titleTooLong'),
    description: z.string().trim().max(SHOP_TEXT_LIMITS.productDescription, 'shop.errors.descriptionTooLong').default(''),
    price: z.number().int('shop.errors.price').min(0, 'shop.errors.price').max(100_000_000, 'shop.errors.price'),
    images: mediaList,
    videos: mediaList,
    audios: mediaList,
    stock: z.number().int('shop.errors.stock').min(0, 'shop.errors.stock').max(1_000_000, 'shop.errors.stock').nullable().default(null),
    delivers: z.enum(PRODUCT_DELIVERIES),
    eventId: z.string().min(1).max(80).optional(),
    mediaIds: mediaList,
    published: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if ((value.delivers === 'ticket' || value.delivers === 'replay') && !value.eventId) {
      ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'shop.errors.event' });
    }
    if (value.delivers === 'download' && value.mediaIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['mediaIds'], message: 'shop.errors.downloads' });
    }
  });
export type ProductInput = z.infer<typeof productInputSchema>;
