import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import { itemTargetsSchema, itemsRequestSchema, splitTags, type FieldErrors } from '#app/lib/media/library';
import { mediaEditSchema, type MediaItem } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';
import { findManageable, removeMediaItem } from '#server/media/library.server';
import { acceptLibrary, libraryGet, readLibraryRequest, refuseLibrary } from '#server/media/libraryApi.server';


/** The field each edit problem belongs to, as a library.errors key. */
function editErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    if (field === 'title') out.title ??= issue.code === 'too_small' ? 'library.errors.titleRequired' : 'library.errors.titleTooLong';
    else if (field === 'description') out.description ??= 'library.errors.description';
    else if (field === 'tags') out.tags ??= 'library.errors.tags';
    else if (field === 'language') out.language ??= 'library.errors.language';
    else out.visibility ??= 'library.errors.visibility';
  }
  return out;
}

/** Every item when the viewer may change them all; otherwise the first refusal (nothing is changed). */
async function allManageable(data: TenantData, viewer: SessionUser, ids: string[]): Promise<MediaItem[] | 403 | 404> {
  const found = await Promise.all([...new Set(ids)].map((id) => findManageable(data, viewer, id)));
  const refused = found.find((f) => 'status' in f);
  if (refused && 'status' in refused) return refused.status;
  return found.map((f) => (f as { item: MediaItem }).item);
}

/**
 * POST /api/media/items (anyone signed in, for the items they manage: organizers and members their
 * own, admins every item of the tenant): `edit` one item's title, description, tags (a
 * comma-separated line) and visibility; `delete` items with their stored files and quota bytes;
 * `visibility` for many items at once. An item the caller may not see answers 404, one they may
 * see but do not own 403; a bulk request with either changes nothing.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readLibraryRequest(args, itemTargetsSchema, { members: true });
  if (read instanceof Response) return read;
  const { user, data: targets } = read;
  const { context } = args;
  const language = context.language;
  const data = context.data;
  // The named items first: another's item answers 404 (or 403) before the rest of the body is judged.
  const items = await allManageable(data, user, targets);
  if (typeof items === 'number') return refuseLibrary(language, items, items === 403 ? 'forbidden' : 'notFound');
  const parsed = itemsRequestSchema.safeParse(read.body);
  if (!parsed.success) return refuseLibrary(language, 400, 'badRequest');
  const body = parsed.data;

  if (body.intent === 'edit') {
    const edit = mediaEditSchema.safeParse({ title: body.title, description: body.description, tags: splitTags(body.tags), visibility: body.visibility, language: body.language });
    if (!edit.success) return refuseLibrary(language, 400, 'invalid', editErrors(edit.error));
    const edited = await data.media.edit(body.id, edit.data);
    return edited ? acceptLibrary({ count: 1, id: edited.id }) : refuseLibrary(language, 404, 'notFound');
  }

  let count = 0;
  for (const item of items) {
    if (body.intent === 'delete') {
      if (await removeMediaItem(data, item)) count++;
    } else if (await data.media.edit(item.id, { title: item.title, description: item.description, tags: item.tags, visibility: body.visibility })) {
      count++;
    }
  }
  return acceptLibrary({ count });
}

export const loader = ({ context }: LoaderFunctionArgs) => libraryGet({ context });
