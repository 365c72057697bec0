/**
 * People's avatars (docs/decisions/0045-photo-editor-and-avatars.md): an image item of the person's
 * own library, chosen on /profilePhotoChanger and kept on their profile (`avatarId`). Everyone
 * signed in on the tenant may see a person's current avatar, whatever the item's library
 * visibility: choosing it as one's avatar is what shows it. Other items stay as private as they were.
 */
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';
import { getSessionUser } from '#server/identity/index.server';
import { NO_STORE } from '#server/http/responses.server';

/** How long a signed avatar link lives, and how long a browser may keep the redirect to it (less). */
export const AVATAR_LINK_SECONDS = 3600;
export const AVATAR_CACHE_SECONDS = 3000;

const AVATAR_STATUSES: ReadonlySet<MediaItem['status']> = new Set(['processing', 'ready', 'published']);

/** Whether this item may be this person's avatar: their own image, uploaded and not failed. */
export const mayBeAvatar = (item: MediaItem | null, userId: string): item is MediaItem => !!item && item.ownerId === userId && item.kind === 'image' && AVATAR_STATUSES.has(item.status);

/** The person's current avatar item, or null. */
export async function currentAvatar(data: Pick<TenantData, 'profiles' | 'media'>, userId: string): Promise<MediaItem | null> {
  const profile = await data.profiles.get(userId);
  if (!profile?.avatarId) return null;
  const item = await data.media.get(profile.avatarId);
  return mayBeAvatar(item, userId) ? item : null;
}

/** Makes one of the person's images their avatar; false when it cannot be (not theirs, not an image, failed). */
export async function chooseAvatar(data: Pick<TenantData, 'profiles' | 'media'>, user: SessionUser, mediaId: string): Promise<boolean> {
  const item = await data.media.get(mediaId);
  if (!mayBeAvatar(item, user.sub)) return false;
  await data.profiles.save(user.sub, { avatarId: item.id });
  return true;
}

const querySchema = z.object({
  user: z.string().min(1).max(128).regex(/^[A-Za-z0-9_.@:-]+$/),
  v: z.string().regex(/^[a-z0-9]{21}$/).optional(),
});

/**
 * GET /api/avatar?user=<sub>&v=<avatarId>: a redirect to a signed link to the person's avatar (its
 * small300 image, or the uploaded square while the pipeline is still making the sizes). The
 * redirect may be cached when `v` names the current avatar and the sizes exist. Signed out: 401;
 * no such person or no avatar on this tenant: 404.
 */
export async function avatarRedirect(args: LoaderFunctionArgs): Promise<Response> {
  const { request, context } = args;
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: 'badRequest' }, { status: 400, headers: NO_STORE });
  const viewer = await getSessionUser(args);
  if (!viewer) return json({ error: 'unauthenticated' }, { status: 401, headers: NO_STORE });
  const item = await currentAvatar(context.data, parsed.data.user);
  if (!item) return json({ error: 'notFound' }, { status: 404, headers: NO_STORE });
  const small = item.derived.sizes?.small300;
  const link = await context.data.files.presignDownload({ key: small?.key ?? item.original.key, expiresIn: AVATAR_LINK_SECONDS });
  const cacheable = small && parsed.data.v === item.id;
  return redirect(link, { headers: { 'Cache-Control': cacheable ? `private, max-age=${AVATAR_CACHE_SECONDS}` : 'private, no-store' } });
}
