/** What the shop's screens receive from their loaders: browser-safe subsets with image URLs already signed. */
import type { EventCardData } from '#app/lib/events/cards';
import type { ChannelLink, ProductDelivery } from './model';

export interface ChannelCardView {
  channelId: string;
  name: string;
  about: string;
  ownerName: string;
  avatarUrl: string | null;
  productCount: number;
  upcomingCount: number;
}

export interface ProductCardView {
  productId: string;
  title: string;
  price: number;
  currency: string;
  imageUrl: string | null;
  stock: number | null;
  delivers: ProductDelivery;
  published: boolean;
}

export interface RecordingView {
  mediaId: string;
  title: string;
  posterUrl: string | null;
  durationSeconds: number | null;
}

export interface UpcomingEventView extends EventCardData {
  /** Minor units; 0 = free (Register), else Buy ticket. */
  ticketPrice: number;
  /** The viewer holds a ticket (or a registration): offered the event, never a second ticket. */
  held: boolean;
}

export interface ChannelPageView {
  channelId: string;
  name: string;
  about: string;
  ownerName: string;
  avatarUrl: string | null;
  bannerUrl: string | null;
  links: ChannelLink[];
  /** /cmiVideo?channel= plays it; null when there is none this viewer may see. */
  introVideoId: string | null;
  upcoming: UpcomingEventView[];
  recordings: RecordingView[];
  products: ProductCardView[];
  isOwner: boolean;
  /** The channel takes consultation bookings now (published times, not switched off). */
  takesBookings: boolean;
}
