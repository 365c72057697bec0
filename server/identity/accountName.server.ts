import { initialsOf } from '#app/lib/identity/displayName';
import { avatarUrl } from '#app/lib/photo/avatar';
import { shownName } from '#app/lib/identity/displayName';
import type { SessionUser } from '#app/lib/identity/types';
import type { TenantData } from '../data/tenantData.server';

/**
 * The header's name for the signed-in user: the shared rule over their profile (read through the
 * few-seconds cache the room join uses, so a page view and its room or chat share one read) and
 * the names given at sign-up. A profile that cannot be read leaves the sign-up names.
 */
export async function accountName(data: Pick<TenantData, 'profiles'>, user: SessionUser): Promise<{ name: string; initials: string; avatarUrl: string | null }> {
  const profile = await data.profiles.recent(user.sub).catch(() => null);
  const name = shownName(user, profile);
  // The photo chosen on /profilePhotoChanger (docs/decisions/0045), else the initials.
  return { name, initials: initialsOf(name), avatarUrl: avatarUrl(user.sub, profile?.avatarId) };
}
