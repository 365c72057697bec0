import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { itemTargetsSchema, REVIEW_REASON_MAX, reviewRequestSchema } from '#app/lib/media/library';
import { isTenantAdmin } from '#server/media/library.server';
import { acceptLibrary, libraryGet, readLibraryRequest, refuseLibrary } from '#server/media/libraryApi.server';

/**
 * POST /api/media/review (the tenant's admins): `publish` a video waiting for review, or `reject`
 * it with a reason its uploader sees. 404 for an item not of this tenant, 403 for anyone but its admins,
 * 409 when the video is not waiting (already decided, still processing): the status moves only
 * from pending_review, so two admins deciding at once cannot both win.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readLibraryRequest(args, itemTargetsSchema);
  if (read instanceof Response) return read;
  const { user, data: targets } = read;
  const { context } = args;
  const language = context.language;
  // The named video first: another tenant's (or no) item answers 404 whatever else the body says.
  const item = targets.length === 1 ? await context.data.media.get(targets[0]!) : null;
  if (!item || item.scope !== 'tenant') return refuseLibrary(language, targets.length === 1 ? 404 : 400, targets.length === 1 ? 'notFound' : 'badRequest');
  if (!isTenantAdmin(user)) return refuseLibrary(language, 403, 'forbidden');
  const parsed = reviewRequestSchema.safeParse(read.body);
  if (!parsed.success) return refuseLibrary(language, 400, 'badRequest');
  const body = parsed.data;

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
