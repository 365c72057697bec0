/** The dashboard's Channels tab: the organizer's channels and products, their finished media and their events to choose from. */
import type { SessionUser } from '#app/lib/identity/types';
import { isFinished } from '#app/lib/media/sharing';
import type { ChannelsTabData } from '#app/lib/shop/manage';
import type { AppContext } from '#server/context';
import { imageUrl } from './storefront.server';

export async function channelsTabData(context: Pick<AppContext, 'data' | 'tenant'>, user: SessionUser): Promise<ChannelsTabData> {
  const { data } = context;
  const [channels, media, mine] = await Promise.all([
    data.channels.byOwner(user.sub),
    data.media.list({ ownerId: user.sub, limit: 200, match: (item) => item.scope === 'tenant' && isFinished(item) }),
    data.events.mine(user),
  ]);
  return {
    channels: await Promise.all(
      channels.map(async (c) => ({
        channelId: c.channelId,
        name: c.name,
        about: c.about,
        introVideoId: c.introVideoId,
        links: c.links,
        avatarUrl: await imageUrl(data, c.avatar, 'thumbnail'),
        bannerUrl: await imageUrl(data, c.banner, 'banner'),
        products: (await data.products.byChannel(c.channelId)).map((p) => ({
          productId: p.productId,
          title: p.title,
          description: p.description,
          price: p.price,
          stock: p.stock,
          delivers: p.delivers,
          eventId: p.eventId ?? null,
          images: p.media.images,
          videos: p.media.videos,
          audios: p.media.audios,
          mediaIds: p.mediaIds ?? [],
          published: p.published,
        })),
      })),
    ),
    media: media.items.map((item) => ({ id: item.id, title: item.title, kind: item.kind, shared: item.visibility !== 'private' })),
    events: mine.organizing.filter((e) => !e.cancelledAt).map((e) => ({ eventId: e.eventId, title: e.title })),
    currency: context.tenant.currency,
  };
}
