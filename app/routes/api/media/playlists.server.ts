import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { FieldErrors } from '#app/lib/media/library';
import { playlistSaveSchema } from '#app/lib/media/playlist';
import { mediaAccess } from '#server/media/access.server';
import { acceptLibrary, libraryGet, readLibraryRequest, refuseLibrary } from '#server/media/libraryApi.server';

const playlistId = z.string().regex(/^[a-z0-9]{21}$/);
const requestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), title: z.string().max(1000) }).strict(),
  z
    .object({
      intent: z.literal('save'),
      id: playlistId,
      title: z.string().max(1000),
      trackIds: z.array(z.string().max(100)).max(1000),
      playAll: z.boolean(),
      shuffle: z.boolean(),
      loop: z.boolean(),
      repeat: z.boolean(),
      volume: z.number().optional(),
    })
    .strict(),
  z.object({ intent: z.literal('delete'), id: playlistId }).strict(),
]);

function saveErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    const key = issue.message.startsWith('library.errors.') ? (issue.message as FieldErrors['title']) : undefined;
    if (field === 'title') out.title ??= key ?? 'library.errors.titleRequired';
    else if (field === 'volume') out.volume ??= 'library.errors.volume';
    else out.trackIds ??= key ?? 'library.errors.track';
  }
  return out;
}

/**
 * POST /api/media/playlists (organizers, admins), on the caller's own playlists only (another
 * person's or tenant's playlist id answers 404): `create` one with a title; `save` its title,
 * ordered tracks (audio items the caller may see) and flags; `delete` it.
 */
export async function action(args: ActionFunctionArgs) {
  const read = await readLibraryRequest(args, z.record(z.string(), z.unknown()));
  if (read instanceof Response) return read;
  const { user, data: raw } = read;
  const { context } = args;
  const language = context.language;
  const playlists = context.data.playlists;
  // The named playlist is looked up before the rest of the body is judged: another person's or
  // another tenant's id answers 404 whatever else was sent.
  if (raw.id !== undefined) {
    const named = playlistId.safeParse(raw.id);
    if (!named.success || !(await playlists.get(user.sub, named.data))) return refuseLibrary(language, 404, 'notFound');
  }
  const request = requestSchema.safeParse(raw);
  if (!request.success) return refuseLibrary(language, 400, 'badRequest');
  const body = request.data;

  if (body.intent === 'create') {
    const title = playlistSaveSchema.shape.title.safeParse(body.title);
    if (!title.success) return refuseLibrary(language, 400, 'invalid', { title: title.error.issues[0]?.message === 'library.errors.titleTooLong' ? 'library.errors.titleTooLong' : 'library.errors.titleRequired' });
    const created = await playlists.create(user.sub, title.data);
    return acceptLibrary({ id: created.id });
  }
  if (body.intent === 'delete') {
    return (await playlists.delete(user.sub, body.id)) ? acceptLibrary({ id: body.id }) : refuseLibrary(language, 404, 'notFound');
  }

  const { intent: _intent, id, ...fields } = body;
  const parsed = playlistSaveSchema.safeParse(fields);
  if (!parsed.success) return refuseLibrary(language, 400, 'invalid', saveErrors(parsed.error));
  if (!(await playlists.get(user.sub, id))) return refuseLibrary(language, 404, 'notFound');
  // Every track must be an audio item of this tenant the caller may see.
  const tracks = await Promise.all(parsed.data.trackIds.map((trackId) => context.data.media.get(trackId)));
  const audio = tracks.filter((item) => item !== null && item.kind === 'audio' && item.scope === 'tenant');
  if ((await mediaAccess(context.data, user).visible(audio)).length !== tracks.length) {
    return refuseLibrary(language, 400, 'invalid', { trackIds: 'library.errors.track' });
  }
  const saved = await playlists.save(user.sub, id, parsed.data);
  return saved ? acceptLibrary({ id: saved.id }) : refuseLibrary(language, 404, 'notFound');
}

export const loader = ({ context }: LoaderFunctionArgs) => libraryGet({ context });
