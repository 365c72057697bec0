import { requireShop } from '#server/commerce/shop/feature.server';
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getSessionUser } from '#server/identity/session.server';
import { channelPage } from '#server/commerce/shop/storefront.server';
import { NO_STORE } from '#server/http/responses.server';

/** /channelPage?channel=: one of the tenant's channels (another tenant's or a malformed id: 404). */
export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  requireShop(context);
  const channel = await context.data.channels.get(new URL(request.url).searchParams.get('channel') ?? '');
  if (!channel) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const viewer = await getSessionUser(args);
  return json({ channel: await channelPage(context.data, channel, viewer) }, { headers: NO_STORE });
}
