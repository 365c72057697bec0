/**
 * People's photos (docs/decisions/0045-photo-editor-and-avatars.md). One stable address per person
 * and avatar: GET /api/avatar?user=<sub>&v=<avatar item id> redirects to a signed link to the
 * avatar's small300 image. `v` changes with each new avatar, so a browser may cache the address.
 */

/** The side, in pixels, of the square an avatar is saved at (the pipeline then makes the four sizes from it). */
export const AVATAR_SIDE = 512;

/** The address of a person's avatar, or null when they have none (the screens then show initials). */
export function avatarUrl(userId: string, avatarId: string | null | undefined): string | null {
  if (!avatarId || !userId) return null;
  return `/api/avatar?user=${encodeURIComponent(userId)}&v=${encodeURIComponent(avatarId)}`;
}

const AVATAR_ID = /^[a-z0-9]{21}$/;

/** The avatar id a room participant's LiveKit metadata carries (set from the token at join), if any. */
export function avatarIdOfMetadata(metadata: string | undefined): string | undefined {
  try {
    const id = (JSON.parse(metadata || '{}') as { avatarId?: unknown }).avatarId;
    return typeof id === 'string' && AVATAR_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
