/** What the dashboard's Channels tab receives: the organizer's channels with their products and what they may choose. */
import { minorUnitsPerMajor } from '#app/lib/money/money';
import type { ChannelLink, ProductDelivery } from './model';

export interface ManagedProduct {
  productId: string;
  title: string;
  description: string;
  price: number;
  stock: number | null;
  delivers: ProductDelivery;
  eventId: string | null;
  images: string[];
  videos: string[];
  audios: string[];
  mediaIds: string[];
  published: boolean;
}

export interface ManagedChannel {
  channelId: string;
  name: string;
  about: string;
  introVideoId: string | null;
  links: ChannelLink[];
  avatarUrl: string | null;
  bannerUrl: string | null;
  products: ManagedProduct[];
}

export interface MediaChoice {
  id: string;
  title: string;
  kind: 'image' | 'video' | 'audio' | 'document';
  /** Others may see it (tenant or public): only those can be a channel's intro video. */
  shared: boolean;
}

export interface ChannelsTabData {
  channels: ManagedChannel[];
  media: MediaChoice[];
  events: { eventId: string; title: string }[];
  currency: string;
}

/** A minor amount as the text the price field shows ("19.99"), never through floats. */
export function majorText(amount: number, currency: string) {
  const per = minorUnitsPerMajor(currency);
  if (per === 1) return String(amount);
  const digits = String(per).length - 1;
  return `${Math.floor(amount / per)}.${String(amount % per).padStart(digits, '0')}`;
}
