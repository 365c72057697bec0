/** The media library screens' loader data (/uploadCustomerMedia, /customerImageUpload). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { SessionUser } from '#app/lib/identity/types';
import { parseLibraryQuery } from '#app/lib/media/library';
import { getFixedT } from '../i18n.server';
import { requireGroup } from '../identity/session.server';
import { isTenantAdmin, libraryPage } from '../media/library.server';
import { quotaUsage } from '#server/api/mediaQuota.server';
import { NO_STORE } from '#server/api/responses.server';

export { NO_STORE };

/** The person's storage (stored and reserved) against their quota, for the uploader each library screen embeds. */
export async function uploadUsage(context: LoaderFunctionArgs['context'], user: SessionUser) {
  return quotaUsage(context.data, context.env, user.sub);
}

/**
 * The library as the signed-in organizer or admin may see it (else /signIn, or 403 for members):
 * one page of items, filtered and searched from the URL. `images` fixes the kind and adds every
 * size of each image (/customerImageUpload).
 */
export async function libraryScreenData(args: LoaderFunctionArgs, screen: 'library' | 'images') {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const query = parseLibraryQuery(new URL(request.url).searchParams);
  if (screen === 'images') query.kind = 'image';
  const [t, page, usage] = await Promise.all([getFixedT(context.languageTag), libraryPage(context.data, user, query, screen === 'images'), uploadUsage(context, user)]);
  return {
    title: t(`library.titles.${screen}`),
    lead: t(`library.leads.${screen}`),
    query,
    cards: page.cards,
    next: page.next,
    isAdmin: isTenantAdmin(user),
    usage,
  };
}
