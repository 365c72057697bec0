/**
 * What every single-item playback screen loads (/mediaPlayBack, /morePlayBack, /nuevoPlayerPage,
 * /listenerMediaPlayback?mediaId=): the item named by `?mediaId=` when the viewer may see it, as a
 * MediaView with signed URLs, its owner's name, the link to share, and where a signed-in viewer
 * resumes. The access rule is the library's (server/media/access.server.ts): an item the viewer
 * may not see is not found (404), except that a signed-out visitor asked for an item a signed-in
 * person may watch (the tenant's members, or the buyers of the event it was made from) is told to
 * sign in (401), so the link works once they have.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem, MediaKind } from '#app/lib/media/model';
import type { MediaView } from '#app/lib/media/view';
import { resumeAt } from '#app/lib/playback/position';
import { tenantUrl } from '#server/config/tenantOrigin.server';
import { getSessionUser } from '#server/identity/index.server';
import { canManageMedia, mediaAccess } from '../access.server';
import { mediaView } from '../view.server';
import { NO_STORE } from '#server/http/responses.server';

export { NO_STORE };

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;

const MEDIA_ID = z.string().regex(/^[a-z0-9]{21}$/);

/** The reason a playback screen shows no player; the route's ErrorBoundary says it in words. */
export type PlaybackRefusal = 'badLink' | 'signIn' | 'notFound';

export function refuse(reason: PlaybackRefusal): Response {
  const status = reason === 'badLink' ? 400 : reason === 'signIn' ? 401 : 404;
  return new Response(reason, { status, statusText: reason, headers: NO_STORE });
}

/** The `?<param>=` media id, or a 400 when it is missing or malformed. */
export function mediaIdParam(request: Request, param = 'mediaId'): string {
  const parsed = MEDIA_ID.safeParse(new URL(request.url).searchParams.get(param));
  if (!parsed.success) throw refuse('badLink');
  return parsed.data;
}

/** The item when the viewer may see it and it is one of `kinds`; else throws the screen's 401/404. */
export async function viewableItem(args: Args, user: SessionUser | null, id: string, kinds: readonly MediaKind[]): Promise<MediaItem> {
  const item = await args.context.data.media.get(id);
  if (!item || item.scope !== 'tenant' || !kinds.includes(item.kind)) throw refuse('notFound');
  const access = mediaAccess(args.context.data, user);
  if (await access.mayView(item)) return item;
  if (access.mightViewSignedIn(item)) throw refuse('signIn');
  throw refuse('notFound');
}

export interface PlaybackItem {
  media: MediaView;
  description: string;
  ownerName: string;
  tags: string[];
  createdAt: string;
  /** Where the player starts: the signed-in viewer's remembered position, or 0. */
  startAt: number;
  /** The viewer is signed in: the player remembers the position. */
  remember: boolean;
  /** The absolute link to this screen for this item. */
  shareUrl: string;
}

/** The screen's data for one item the viewer may see. */
export async function playbackItem(args: Args, user: SessionUser | null, item: MediaItem, path: string): Promise<PlaybackItem> {
  const { context } = args;
  const [media, saved] = await Promise.all([
    mediaView(context.data.files, item, { canManage: canManageMedia(user, item) }),
    user ? context.data.playback.position(user.sub, item.id) : Promise.resolve(null),
  ]);
  return {
    media,
    description: item.description,
    ownerName: item.ownerName,
    tags: item.tags,
    createdAt: item.createdAt,
    startAt: resumeAt(saved?.seconds, item.derived.durationSeconds),
    remember: user !== null,
    shareUrl: tenantUrl(context.tenant, context.env, `${path}?mediaId=${item.id}`),
  };
}

/** The common case: `?mediaId=` of one of `kinds`, loaded for whoever is looking. */
export async function loadPlaybackItem(args: Args, kinds: readonly MediaKind[], path: string) {
  const id = mediaIdParam(args.request);
  const user = await getSessionUser(args);
  const item = await viewableItem(args, user, id, kinds);
  return { user, item, playback: await playbackItem(args, user, item, path) };
}

const REFUSALS = new Set<string>(['badLink', 'signIn', 'notFound']);

/**
 * Runs a playback screen's loader: its data with `problem: null`, or, when it refused (bad link,
 * sign in, not found), `{ problem }` with the matching status, so the screen says why in words.
 */
export async function withProblems<T extends object>(load: () => Promise<T>) {
  try {
    return json({ problem: null, ...(await load()) }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof Response && REFUSALS.has(error.statusText)) {
      return json({ problem: error.statusText as PlaybackRefusal }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}
