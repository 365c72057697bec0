/**
 * GET /api/media/zip?ids=<id>&ids=<id>… → the chosen photos as one zip, streamed as it is built
 * (server/platform/zipStream.server.ts). Every id must name a finished image of this tenant the viewer may see
 * (server/media/data/mediaShared.server.ts), else 404 and nothing is sent; 400 for a malformed or empty choice.
 */
import { Readable } from 'node:stream';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { photoZipName, uniqueEntryNames } from '#app/lib/media/zipNames';
import { isSharedWith } from '#server/media/data/mediaShared.server';
import { mediaAccess } from '#server/media/access.server';
import { getSessionUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';
import { attachmentDisposition } from '#server/platform/storage.server';
import { zipStream } from '#server/platform/zipStream.server';
import { methodNotAllowed, NO_STORE, refuse } from '#server/http/responses.server';

/** At most this many photos in one zip. */
export const MAX_ZIP_PHOTOS = 200;

export const zipQuerySchema = z.object({
  ids: z
    .array(z.string().regex(/^[a-z0-9]{21}$/))
    .min(1)
    .max(MAX_ZIP_PHOTOS),
});

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const t = await getFixedT(context.languageTag);
  const parsed = zipQuerySchema.safeParse({ ids: new URL(request.url).searchParams.getAll('ids') });
  if (!parsed.success) return refuse(400, 'badRequest', t('gallery.zip.badRequest'));
  const viewer = await getSessionUser(args);
  const ids = [...new Set(parsed.data.ids)];
  const items = await Promise.all(ids.map((id) => context.data.media.get(id)));
  const access = mediaAccess(context.data, viewer);
  const shared = await Promise.all(items.map((item) => item !== null && item.kind === 'image' && isSharedWith(access, item)));
  const photos = items.filter((item, i) => item !== null && shared[i]);
  if (photos.length !== ids.length) return refuse(404, 'notFound', t('gallery.zip.notFound'));

  const names = uniqueEntryNames(photos.map((p) => p!.original.fileName));
  const files = context.data.files;
  const zip = zipStream(
    photos.map((photo, i) => ({
      name: names[i]!,
      date: new Date(photo!.createdAt),
      open: async () => (await files.stream(photo!.original.key)).body,
    })),
    (e) => console.warn(`[media] the photo zip stopped: ${(e as Error).message}`),
  );
  const fileName = photoZipName(context.tenant.displayName, t('gallery.photos.zipName'));
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': attachmentDisposition(fileName), ...NO_STORE },
  });
}

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
