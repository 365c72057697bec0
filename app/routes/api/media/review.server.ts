import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { REVIEW_REASON_MAX, reviewRequestSchema } from '#app/lib/media/library';
import { isTenantAdmin } from '#server/media/library.server';
import { acceptLibrary, libraryGet, readLibraryRequest, refuseLibrary } from '#server/media/libraryApi.server';

/**
 * POST /api/media/review (the tenant's admins): `publish` a video waiting for review, or `reject`
 * it with a reason its uploader sees. 403 for anyone else, 404 for an item not of this tenant,
 * 409 when the video is not waiting (already decided, still processing): the status moves only
 * from pending_review, so two admins deciding at once cannot both win.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readLibraryRequest(args, reviewRequestSchema);
  if (read instanceof Response) return read;
  const { user, data: body } = read;
  const { context } = args;
  const language = context.language;
  if (!isTenantAdmin(user)) return refuseLibrary(language, 403, 'forbidden');
  const item = await context.data.media.get(body.id);
  if (!item || item.scope !== 'tenant') return refuseLibrary(language, 404, 'notFound');

  let reason: string | undefined;
  if (body.decision === 'reject') {
    reason = body.reason.trim();
    if (!reason) return refuseLibrary(language, 400, 'invalid', { reason: 'library.errors.reason' });
    if (reason.length > REVIEW_REASON_MAX) return refuseLibrary(language, 400, 'invalid', { reason: 'library.errors.reasonTooLong' });
  }
  const decided = await context.data.media.setStatus(
    item.id,
    {
      status: body.decision === 'publish' ? 'published' : 'rejected',
      review: { requested: true, decidedBy: user.sub, decidedAt: new Date().toISOString(), ...(reason ? { reason } : {}) },
    },
    'pending_review',
  );
  return decided ? acceptLibrary({ id: decided.id }) : refuseLibrary(language, 409, 'notPending');
}

export const loader = ({ context }: LoaderFunctionArgs) => libraryGet({ context });
