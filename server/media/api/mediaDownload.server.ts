/**
 * GET /api/media/download?id=<mediaId>[&scope=system][&file=<original|small300|…|mp4|mp3|poster>]:
 * a redirect to a short-lived signed link that saves the file under the item's name. The app never
 * streams the bytes itself, so no stored file is ever served from the app's origin. An item the
 * caller may not see answers 404, like one that does not exist (or is another tenant's).
 */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { IMAGE_SIZE_NAMES, type DerivedFile, type MediaItem } from '#app/lib/media/model';
import { UPLOAD_SCOPES } from '#app/lib/media/uploadApi';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/index.server';
import { mayViewMedia } from '../access.server';
import { canSeeItem, scopeData } from './mediaAccess.server';
import { errorBody, NO_STORE } from './mediaRequest.server';

const DOWNLOADABLE = ['original', ...IMAGE_SIZE_NAMES, 'mp4', 'mp3', 'poster'] as const;

const querySchema = z.object({
  id: z.string().regex(/^[a-z0-9]{21}$/),
  scope: z.enum(UPLOAD_SCOPES).default('tenant'),
  file: z.enum(DOWNLOADABLE).default('original'),
});

/** The derived file a download names, or undefined for the original; null when the item has no such file. */
export function downloadableFile(item: MediaItem, file: (typeof DOWNLOADABLE)[number]): DerivedFile | undefined | null {
  if (file === 'original') return undefined;
  if (file === 'mp4' || file === 'mp3' || file === 'poster') return item.derived[file] ?? null;
  return item.derived.sizes?.[file] ?? null;
}

export async function downloadMedia(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const t = await getFixedT(context.languageTag);
  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return json(errorBody(t, 'badRequest'), { status: 400, headers: NO_STORE });
  const { id, scope, file } = parsed.data;
  const user = await getSessionUser(args);
  const data = scopeData(context, scope);
  const item = await data.media.get(id);
  // A tenant's item may also have been bought (a product that delivers it as a download).
  const allowed = item && (scope === 'tenant' ? await mayViewMedia(data, user, item) : await canSeeItem(data, user, item, scope, context.env));
  if (!item || !allowed) return json(errorBody(t, 'notFound'), { status: 404, headers: NO_STORE });
  // An upload still on its way has nothing to give yet.
  if (item.status === 'uploading') return json(errorBody(t, 'notFound'), { status: 404, headers: NO_STORE });
  const derived = downloadableFile(item, file);
  if (derived === null) return json(errorBody(t, 'notFound'), { status: 404, headers: NO_STORE });
  const link = await data.files.mediaDownloadUrl(item, derived ? { file: derived } : {});
  return redirect(link, { headers: NO_STORE });
}
