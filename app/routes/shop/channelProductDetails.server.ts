import { requireShop } from '#server/commerce/shop/feature.server';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import type { MediaView } from '#app/lib/media/view';
import { getSessionUser } from '#server/identity/session.server';
import { canManageMedia, mediaAccess } from '#server/media/access.server';
import { mediaView } from '#server/media/view.server';
import { isFinished } from '#app/lib/media/sharing';
import { showsProduct } from '#server/commerce/shop/storefront.server';
import { NO_STORE } from '#server/http/responses.server';
import { ownedDownloads } from '#server/commerce/shop/ownedDownloads.server';

/**
 * /channelProductDetails?product=: a product with its gallery (images, video and audio samples the
 * viewer may see), price and stock. A draft is its owner's only; another tenant's id answers 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  requireShop(context);
  const viewer = await getSessionUser(args);
  const product = await context.data.products.get(new URL(request.url).searchParams.get('product') ?? '');
  if (!product || !showsProduct(product, viewer)) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const channel = await context.data.channels.get(product.channelId);
  if (!channel) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const access = mediaAccess(context.data, viewer);
  const views = async (ids: string[], kind: 'image' | 'video' | 'audio'): Promise<MediaView[]> => {
    const items = await Promise.all(ids.map((id) => context.data.media.get(id)));
    const shown = await access.visible(items.filter((item) => item && item.kind === kind && isFinished(item)));
    return Promise.all(shown.map((item) => mediaView(context.data.files, item, { canManage: canManageMedia(viewer, item) })));
  };
  const [images, videos, audios, event, owned] = await Promise.all([
    views(product.media.images, 'image'),
    views(product.media.videos, 'video'),
    views(product.media.audios, 'audio'),
    product.eventId ? context.data.events.get(product.eventId) : null,
    ownedDownloads(context.data, product, viewer),
  ]);
  return json(
    {
      product: {
        productId: product.productId,
        title: product.title,
        description: product.description,
        price: product.price,
        currency: product.currency,
        stock: product.stock,
        delivers: product.delivers,
        published: product.published,
        eventTitle: event?.title ?? null,
      },
      channel: { channelId: channel.channelId, name: channel.name },
      images,
      videos,
      audios,
      isOwner: viewer?.sub === product.ownerId,
      owned,
    },
    { headers: NO_STORE },
  );
}
