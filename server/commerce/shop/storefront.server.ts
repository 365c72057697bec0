/**
 * The data of the shop's screens (/customerChannels, /channelPage): channels with their counts,
 * a channel's upcoming events, recordings and products, images turned into short-lived URLs.
 * Media are shown only as the media access rule lets this viewer see them.
 */
import type { SessionUser } from '#app/lib/identity/types';
import { eventStatus, type EventRecord } from '#app/lib/events/model';
import type { MediaItem } from '#app/lib/media/model';
import { isFinished } from '#app/lib/media/sharing';
import type { Channel, ImageKeys, Product } from '#app/lib/shop/model';
import type { ChannelCardView, ChannelPageView, ProductCardView, RecordingView } from '#app/lib/shop/views';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaAccess } from '#server/media/index.server';
import { eventImageUrl, toCard } from '#server/events/index.server';
import { channelIntroVideo } from '#server/media/index.server';
import { takesBookings } from '#app/lib/tickets/consultations';

const UPCOMING = new Set(['scheduled', 'open', 'live']);
const IMAGE_URL_SECONDS = 3600;

export const imageUrl = (data: TenantData, keys: ImageKeys, size: string) => eventImageUrl(data.files, keys[size]);

/** The tenant's listed events still to come (or running), soonest first. */
async function upcomingEvents(data: TenantData, now: number): Promise<EventRecord[]> {
  const page = await data.events.list({ now, filter: 'upcoming', limit: 200 });
  return page.items.filter((e) => e.kind === 'event' && UPCOMING.has(eventStatus(e, now)));
}

/** A finished image the viewer may see, as a signed URL of one of its sizes. */
export async function mediaImageUrl(data: TenantData, item: MediaItem | null, viewer: SessionUser | null, size: 'small300' | 'medium500' | 'medium750' | 'large1500' = 'medium500') {
  if (!item || item.kind !== 'image' || !isFinished(item) || !(await mediaAccess(data, viewer).mayView(item))) return null;
  const file = item.derived.sizes?.[size] ?? item.derived.sizes?.medium500 ?? item.derived.sizes?.small300;
  return file ? data.files.presignDownload({ key: file.key, expiresIn: IMAGE_URL_SECONDS }) : null;
}

/** Whether the viewer sees the product: published, or their own (a draft). */
export const showsProduct = (product: Product, viewer: SessionUser | null) => product.published || viewer?.sub === product.ownerId || !!viewer?.groups.includes('admin');

export async function productCard(data: TenantData, product: Product, viewer: SessionUser | null): Promise<ProductCardView> {
  const first = product.media.images[0];
  return {
    productId: product.productId,
    title: product.title,
    price: product.price,
    currency: product.currency,
    imageUrl: first ? await mediaImageUrl(data, await data.media.get(first), viewer) : null,
    stock: product.stock,
    delivers: product.delivers,
    published: product.published,
  };
}

/** /customerChannels: every channel of the tenant with its avatar, published products and upcoming events counted. */
export async function channelCards(data: TenantData, now = Date.now()): Promise<ChannelCardView[]> {
  const [channels, upcoming] = await Promise.all([data.channels.list(), upcomingEvents(data, now)]);
  const eventsByOwner = new Map<string, number>();
  for (const e of upcoming) eventsByOwner.set(e.organizerId, (eventsByOwner.get(e.organizerId) ?? 0) + 1);
  return Promise.all(
    channels.map(async (channel) => ({
      channelId: channel.channelId,
      name: channel.name,
      about: channel.about.slice(0, 240),
      ownerName: channel.ownerName,
      avatarUrl: await imageUrl(data, channel.avatar, 'thumbnail'),
      productCount: (await data.products.byChannel(channel.channelId)).filter((p) => p.published).length,
      upcomingCount: eventsByOwner.get(channel.ownerId) ?? 0,
    })),
  );
}

async function recordingsOf(data: TenantData, ownerId: string, viewer: SessionUser | null): Promise<RecordingView[]> {
  // A channel's recordings, each as the media rule shows it to this viewer (a paid event's only to those who may watch its replay).
  const access = mediaAccess(data, viewer);
  const page = await data.media.list({ ownerId, kind: 'video', limit: 12, match: (item) => item.scope === 'tenant' && isFinished(item) && access.mayView(item) });
  return Promise.all(
    page.items.map(async (item) => ({
      mediaId: item.id,
      title: item.title,
      posterUrl: item.derived.poster ? await data.files.presignDownload({ key: item.derived.poster.key, expiresIn: IMAGE_URL_SECONDS }) : null,
      durationSeconds: item.derived.durationSeconds ?? null,
    })),
  );
}

/** /channelPage: the channel with its owner's upcoming events, recordings and the products this viewer sees. */
export async function channelPage(data: TenantData, channel: Channel, viewer: SessionUser | null, now = Date.now()): Promise<ChannelPageView> {
  const [avatarUrl, bannerUrl, upcoming, recordings, products, intro] = await Promise.all([
    imageUrl(data, channel.avatar, 'thumbnail'),
    imageUrl(data, channel.banner, 'banner'),
    upcomingEvents(data, now),
    recordingsOf(data, channel.ownerId, viewer),
    data.products.byChannel(channel.channelId),
    channelIntroVideo(data, channel, viewer),
  ]);
  const mine = upcoming.filter((e) => e.organizerId === channel.ownerId).slice(0, 12);
  // What the viewer already holds is not offered again (a ticket, or a free registration).
  const held = async (eventId: string) => (viewer ? (await data.tickets.ticket(eventId, viewer.sub)) !== null : false);
  const availability = await data.consultations.availability(channel.channelId);
  return {
    channelId: channel.channelId,
    name: channel.name,
    about: channel.about,
    ownerName: channel.ownerName,
    avatarUrl,
    bannerUrl,
    links: channel.links,
    introVideoId: intro?.id ?? null,
    upcoming: await Promise.all(mine.map(async (e) => ({ ...(await toCard(e, now, data.files)), ticketPrice: e.ticketPrice, held: await held(e.eventId) }))),
    recordings,
    products: await Promise.all(products.filter((p) => showsProduct(p, viewer)).map((p) => productCard(data, p, viewer))),
    isOwner: viewer?.sub === channel.ownerId,
    takesBookings: availability !== null && takesBookings(availability),
  };
}
