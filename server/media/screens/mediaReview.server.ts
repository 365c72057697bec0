/** /reviewVideoUpload's loader data: the caller's videos sent for review and, for the tenant's admins, the queue of videos waiting. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { ReviewEntry } from '#app/lib/media/library';
import { getFixedT } from '#server/i18n.server';
import { uploadUsage } from './mediaLibrary.server';
import { requireGroup } from '#server/identity/index.server';
import { isTenantAdmin, libraryCard } from '../library.server';
import { mediaView } from '../view.server';

const MAX_LISTED = 50;

export async function reviewScreenData(args: LoaderFunctionArgs) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context } = args;
  const data = context.data;
  const admin = isTenantAdmin(user);
  const [t, mine, waiting] = await Promise.all([
    getFixedT(context.languageTag),
    data.media.list({ ownerId: user.sub, kind: 'video', limit: MAX_LISTED, match: (item) => item.review?.requested === true }),
    admin ? data.media.list({ kind: 'video', status: 'pending_review', limit: MAX_LISTED, match: (item) => item.scope === 'tenant' }) : null,
  ]);
  const queue: ReviewEntry[] | null = waiting
    ? await Promise.all(waiting.items.map(async (item) => ({ card: await libraryCard(data, user, item), view: await mediaView(data.files, item, { canManage: true }) })))
    : null;
  return {
    usage: await uploadUsage(context, user),
    title: t('library.titles.review'),
    lead: t('library.leads.review'),
    mine: await Promise.all(mine.items.map((item) => libraryCard(data, user, item))),
    queue,
  };
}
