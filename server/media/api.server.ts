/**
 * The pipeline's HTTP endpoints (app/routes/api/media/*):
 *   GET  /api/media/playlist?id=<id>[&variant=720p]  an HLS playlist, rewritten (playlist.server.ts)
 *   GET  /api/media/status?id=<id>                    { status, progress, failure } while it processes
 *   POST /api/media/retry {mediaId}                   re-enqueues a failed item (its owner or an admin)
 * An item the viewer may not see answers 404 like a missing one; errors are JSON with a message in
 * the request's language; nothing here is cached by anyone.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { KeyIn } from '#app/lib/i18n/keys';
import type { MediaItem } from '#app/lib/media/model';
import { isPlayable } from '#app/lib/media/view';
import { getSessionUser } from '#server/identity/index.server';
import { getFixedT } from '../i18n.server';
import { canManageMedia, mayViewMedia } from './access.server';
import { isVariantName, rewriteMasterPlaylist, rewriteMediaPlaylist } from './playlist.server';
import { startProcessing } from './startProcessing.server';
import { signedUrlSeconds } from './view.server';
import { jsonBody, methodNotAllowed, NO_STORE, NOT_JSON, refuse } from '#server/http/responses.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
export type MediaApiError = 'badRequest' | 'signIn' | 'notFound' | 'notFailed' | 'unavailable' | 'notReady';

const MEDIA_ID = z.string().regex(/^[a-z0-9]{21}$/);

export async function refuseMedia(status: number, error: MediaApiError, language: string, headers: Record<string, string> = {}) {
  const t = await getFixedT(language);
  const key: KeyIn<'player.api'> = `player.api.${error}`;
  return refuse(status, error, t(key), { headers });
}

/** The item when the viewer may see it; else the 400/404 answer. */
async function viewableItem({ request, context }: Args, id: unknown): Promise<Response | { item: MediaItem }> {
  const parsed = MEDIA_ID.safeParse(id);
  if (!parsed.success) return refuseMedia(400, 'badRequest', context.language);
  const [item, user] = await Promise.all([context.data.media.get(parsed.data), getSessionUser({ request, context })]);
  if (!item || !(await mayViewMedia(context.data, user, item))) return refuseMedia(404, 'notFound', context.language);
  return { item };
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export async function playlistLoader(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const url = new URL(request.url);
  const variant = url.searchParams.get('variant');
  if (variant !== null && !isVariantName(variant)) return refuseMedia(400, 'badRequest', context.language);
  const found = await viewableItem(args, url.searchParams.get('id'));
  if (found instanceof Response) return found;
  const { item } = found;
  const hls = item.derived.hls;
  if (item.kind !== 'video') return refuseMedia(404, 'notFound', context.language);
  if (!hls || !isPlayable(item)) return refuseMedia(409, 'notReady', context.language);

  const folder = hls.key.slice(0, hls.key.lastIndexOf('/'));
  let body: string;
  if (variant === null) {
    body = await rewriteMasterPlaylist((await context.data.files.read(hls.key)).toString('utf8'), item.id);
  } else {
    if (!(item.derived.renditions ?? []).some((h) => `${h}p` === variant)) return refuseMedia(404, 'notFound', context.language);
    const expiresIn = signedUrlSeconds(item.derived.durationSeconds);
    const text = (await context.data.files.read(`${folder}/${variant}/index.m3u8`)).toString('utf8');
    body = await rewriteMediaPlaylist(text, (segment) => context.data.files.presignDownload({ key: `${folder}/${variant}/${segment}`, expiresIn }));
  }
  return new Response(body, { headers: { 'Content-Type': HLS_TYPE, ...NO_STORE } });
}

export async function statusLoader(args: LoaderFunctionArgs): Promise<Response> {
  const found = await viewableItem(args, new URL(args.request.url).searchParams.get('id'));
  if (found instanceof Response) return found;
  const { status, progress, failure } = found.item;
  return json({ status, ...(progress !== undefined ? { progress } : {}), ...(failure ? { failure } : {}) }, { headers: NO_STORE });
}

// Unknown fields are ignored, as elsewhere in the API: the id is looked up whatever else was sent.
const retrySchema = z.object({ mediaId: MEDIA_ID });

export async function retryAction({ request, context }: ActionFunctionArgs): Promise<Response> {
  const language = context.language;
  if (request.method !== 'POST') return methodNotAllowed(language, 'POST');
  const user = await getSessionUser({ request, context });
  if (!user) return refuseMedia(401, 'signIn', language);
  const body = await jsonBody(request);
  if (body === NOT_JSON) return refuseMedia(400, 'badRequest', language);
  const parsed = retrySchema.safeParse(body);
  if (!parsed.success) return refuseMedia(400, 'badRequest', language);
  const item = await context.data.media.get(parsed.data.mediaId);
  if (!item || !canManageMedia(user, item)) return refuseMedia(404, 'notFound', language);
  if (item.status !== 'failed') return refuseMedia(409, 'notFailed', language);
  const started = await startProcessing(context.data.media, context.services.mediaQueue, context.tenant.id, item, 'failed');
  if (started.state === 'unavailable') return refuseMedia(503, 'unavailable', language);
  if (started.state === 'conflict') return refuseMedia(409, 'notFailed', language);
  return json({ status: started.item.status, progress: 0 }, { headers: NO_STORE });
}
