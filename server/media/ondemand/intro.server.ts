/**
 * An organizer's introduction video (/cmiVideo; docs/decisions/0032): a video of their own
 * library, chosen by them and kept on their profile (`introVideoId`). Channels will get theirs
 * when channels exist; until then the video belongs to the organizer.
 *
 * Others see it when it is finished and its visibility lets them (the media access rule); an
 * organizer who chose none, or whose choice they may not see, answers 404 to them, so the page
 * never tells who is a member of the tenant.
 */
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import { isFinished } from '#app/lib/media/sharing';
import type { TenantData } from '#server/data/tenantData.server';
import { mediaAccess } from '../access.server';

/** Whether the owner may offer the item as their introduction: their own finished video that others can see. */
export const isIntroCandidate = (ownerId: string, item: MediaItem) =>
  item.scope === 'tenant' && item.kind === 'video' && item.ownerId === ownerId && isFinished(item) && item.visibility !== 'private';

/** The organizer's chosen introduction video if this viewer may see it, else null. */
export async function introVideo(data: TenantData, organizerId: string, viewer: SessionUser | null): Promise<{ chosenId: string | null; item: MediaItem | null; exists: boolean }> {
  const profile = await data.profiles.get(organizerId);
  const chosenId = profile?.introVideoId || null;
  const item = chosenId ? await data.media.get(chosenId) : null;
  const shown = item && item.ownerId === organizerId && item.kind === 'video' && isFinished(item) && (await mediaAccess(data, viewer).mayView(item)) ? item : null;
  return { chosenId, item: shown, exists: profile !== null };
}

/**
 * A channel's introduction video (its `introVideoId`, one of its owner's videos) if this viewer
 * may see it, else null: the same rule as the organizer's.
 */
export async function channelIntroVideo(data: TenantData, channel: { ownerId: string; introVideoId: string | null }, viewer: SessionUser | null): Promise<MediaItem | null> {
  const item = channel.introVideoId ? await data.media.get(channel.introVideoId) : null;
  return item && item.ownerId === channel.ownerId && item.kind === 'video' && isFinished(item) && (await mediaAccess(data, viewer).mayView(item)) ? item : null;
}

/** The owner's videos they may choose from, newest first. */
export async function introCandidates(data: TenantData, owner: SessionUser): Promise<MediaItem[]> {
  const page = await data.media.list({ ownerId: owner.sub, kind: 'video', limit: 100, match: (item) => isIntroCandidate(owner.sub, item) });
  return page.items;
}
