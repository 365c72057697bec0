/**
 * Who may do what with media (docs/decisions/0025-media-uploads.md) and where an item's data lives.
 * The signed download link every media screen hands out: context.data.files.mediaDownloadUrl
 * (server/media/mediaObjects.server.ts), or /api/media/download.
 *
 * - Platform admins: signed-in users of any tenant whose *verified* email is listed in
 *   PLATFORM_ADMIN_EMAILS. They manage the system media.
 * - System media live in the reserved pseudo-tenant `system`: its items in DynamoDB under
 *   T#system#MEDIA, its files under tenants/system/ in the bucket. No tenant may be named `system`
 *   (app/lib/config/tenant.ts), so nothing else reaches that space; every tenant reads it as fallback.
 */
import type { TenantId } from '#app/lib/config/tenant';
import { SYSTEM_TENANT_ID } from '#app/lib/config/tenant';
import type { SessionUser } from '#app/lib/identity/types';
import type { MediaItem } from '#app/lib/media/model';
import type { UploadScope } from '#app/lib/media/uploadApi';
import type { AppContext } from '#server/context';
import { canManageMedia, mediaAccess } from '../access.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import type { Env } from '#server/env.server';

export { SYSTEM_TENANT_ID };

/** Whether the user manages the platform's system media: a verified email on the deployment's list. */
export function isPlatformAdmin(user: Pick<SessionUser, 'email' | 'emailVerified'> | null, env: Pick<Env, 'PLATFORM_ADMIN_EMAILS'>): boolean {
  if (!user?.email || !user.emailVerified) return false;
  return env.PLATFORM_ADMIN_EMAILS.includes(user.email.trim().toLowerCase());
}

/** The tenant whose data holds items of this scope: the request's tenant, or the system space. */
export function scopeTenant(context: Pick<AppContext, 'tenant'>, scope: UploadScope): TenantId {
  return scope === 'system' ? SYSTEM_TENANT_ID : context.tenant.id;
}

/** The data of that scope (the request's own `context.data` for the tenant scope). */
export function scopeData(context: Pick<AppContext, 'tenant' | 'data' | 'services'>, scope: UploadScope): TenantData {
  return scope === 'system' ? tenantData(context.services, SYSTEM_TENANT_ID) : context.data;
}

/**
 * Whether the user may change this item (finish, abort, delete, edit): its owner, the tenant's
 * admins; in the system scope, platform admins only.
 */
export function canManageItem(user: SessionUser, item: MediaItem, scope: UploadScope, env: Pick<Env, 'PLATFORM_ADMIN_EMAILS'>): boolean {
  if (scope === 'system') return isPlatformAdmin(user, env);
  return canManageMedia(user, item);
}

/** Whether the user may see (and download) this item of the scope's data: manage it, or the media rule lets them. */
export async function canSeeItem(data: TenantData, user: SessionUser | null, item: MediaItem, scope: UploadScope, env: Pick<Env, 'PLATFORM_ADMIN_EMAILS'>): Promise<boolean> {
  // System media are every tenant's defaults and placeholders: readable by anyone on any tenant.
  if (scope === 'system') return item.status === 'ready' || (user !== null && isPlatformAdmin(user, env));
  // A tenant's items: the one rule every media screen uses (server/media/access.server.ts).
  return mediaAccess(data, user).mayView(item);
}
