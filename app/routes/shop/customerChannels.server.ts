import { requireShop } from '#server/commerce/shop/feature.server';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { searchText } from '#server/events/data/events.server';
import { getFixedT } from '#server/i18n.server';
import { channelCards } from '#server/commerce/shop/storefront.server';

/** /customerChannels?q=: the tenant's channels, newest first, filtered by words in name, owner or about. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShop(context);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const words = searchText(q).split(/\s+/).filter(Boolean);
  const cards = await channelCards(context.data);
  const channels = words.length ? cards.filter((c) => words.every((w) => searchText(c.name, c.ownerName, c.about).includes(w))) : cards;
  const t = await getFixedT(context.languageTag);
  return json({ title: t('shop.channels.title'), q, channels, total: cards.length });
}
