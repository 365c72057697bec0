/** The media library screens' loader data (/uploadCustomerMedia, /customerImageUpload). */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { SessionUser } from '#app/lib/identity/types';
import { mediaIdSchema, parseLibraryQuery } from '#app/lib/media/library';
import type { MediaView } from '#app/lib/media/view';
import { getFixedT } from '#server/i18n.server';
import { requireGroup, requireUser } from '#server/identity/index.server';
import { canManageMedia, mediaAccess } from '../access.server';
import { isTenantAdmin, libraryPage } from '../library.server';
import { isLibraryUser } from '../libraryApi.server';
import { mediaView } from '../view.server';
import { quotaUsage } from '#server/media/api/mediaQuota.server';
import { NO_STORE } from '#server/http/responses.server';

export { NO_STORE };

/** The person's storage (stored and reserved) against their quota, for the uploader each library screen embeds. */
export async function uploadUsage(context: LoaderFunctionArgs['context'], user: SessionUser) {
  return quotaUsage(context.data, context.env, user.sub);
}

/**
 * The item named in ?open= (/uploadCustomerMedia) as its viewer shows it (play, view, read), under the one media rule
 * (access.server.ts): one the person may not see, or another tenant's, is not found (404), so the
 * address does not tell that it exists.
 */
async function openedItem(args: LoaderFunctionArgs, user: SessionUser): Promise<MediaView | null> {
  const asked = new URL(args.request.url).searchParams.get('open');
  if (asked === null) return null;
  const id = mediaIdSchema.safeParse(asked);
  const data = args.context.data;
  const item = id.success ? await data.media.get(id.data) : null;
  if (!item || item.scope !== 'tenant' || !(await mediaAccess(data, user).mayView(item))) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  return mediaView(data.files, item, { canManage: canManageMedia(user, item) });
}

/**
 * The library as the signed-in person may see it (else /signIn): one page of items, filtered and
 * searched from the URL, and the item opened in the viewer (?open=). Organizers and admins get
 * the full library; everyone else "My media", their own items (docs/decisions/0064). `images`
 * fixes the kind and adds every size of each image (/customerImageUpload, organizers and admins;
 * 403 for members).
 */
export async function libraryScreenData(args: LoaderFunctionArgs, screen: 'library' | 'images') {
  const user = screen === 'images' ? await requireGroup(args, 'organizer', 'admin') : await requireUser(args);
  const { context, request } = args;
  const mine = !isLibraryUser(user);
  const query = parseLibraryQuery(new URL(request.url).searchParams);
  if (screen === 'images') query.kind = 'image';
  const title = mine ? 'mine' : screen;
  const [t, page, usage, opened] = await Promise.all([
    getFixedT(context.languageTag),
    libraryPage(context.data, user, query, { withSizes: screen === 'images', ownOnly: mine }),
    uploadUsage(context, user),
    screen === 'library' ? openedItem(args, user) : null,
  ]);
  return {
    title: t(`library.titles.${title}`),
    lead: t(`library.leads.${title}`),
    mine,
    query,
    cards: page.cards,
    next: page.next,
    isAdmin: isTenantAdmin(user),
    usage,
    opened,
  };
}
