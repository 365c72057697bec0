/**
 * Storage quotas of the media library: bytes per person in a tenant (MEDIA_USER_QUOTA_BYTES) and
 * per tenant (MEDIA_TENANT_QUOTA_BYTES). An upload reserves its announced size when it starts, in
 * the same conditional write that makes its item (server/media/data/mediaUploads.server.ts), so uploads
 * started at once cannot together pass a quota; the reservation becomes stored bytes when the file
 * is accepted and is given back when it is refused, cancelled or abandoned (docs/decisions/0060).
 * What a person is shown as used includes their reservations. System media count against the
 * system space's total only.
 */
import type { TFunction } from 'i18next';
import type { MediaItem } from '#app/lib/media/model';
import type { UploadScope } from '#app/lib/media/uploadApi';
import type { NewMediaItem } from '../data/media.server';
import { isQuotaExceeded, type UploadLimits } from '../data/mediaUploads.server';
import type { TenantData } from '#server/data/tenantData.server';
import type { Env } from '#server/env.server';
import { sizeText, UploadRefusal } from './mediaRequest.server';

type QuotaEnv = Pick<Env, 'MEDIA_USER_QUOTA_BYTES' | 'MEDIA_TENANT_QUOTA_BYTES'>;

export interface QuotaContext {
  data: Pick<TenantData, 'media'>;
  env: QuotaEnv;
  scope: UploadScope;
  t: TFunction;
  language: string;
}

/** The limits an upload in this scope must stay within: system media have no per-person quota. */
export const uploadLimits = (env: QuotaEnv, scope: UploadScope): UploadLimits => ({
  user: scope === 'tenant' ? env.MEDIA_USER_QUOTA_BYTES : null,
  tenant: env.MEDIA_TENANT_QUOTA_BYTES,
});

/** A person's storage as the upload screens show it: bytes held (stored and reserved), of them reserved, and the limit. */
export async function quotaUsage(data: Pick<TenantData, 'media'>, env: QuotaEnv, ownerId: string): Promise<{ used: number; reserved: number; limit: number }> {
  const { used, reserved } = await data.media.quotaUse(ownerId);
  return { used: Math.max(0, used), reserved: Math.max(0, reserved), limit: env.MEDIA_USER_QUOTA_BYTES };
}

/** The 413 for a quota an upload of `bytes` would pass, in the request's language, saying how much is held and reserved. */
async function quotaRefusal(ctx: QuotaContext, which: 'user' | 'tenant', ownerId: string, bytes: number): Promise<UploadRefusal> {
  const { t, language, env } = ctx;
  const size = (n: number) => sizeText(t, n, language);
  if (which === 'tenant') return new UploadRefusal(413, 'tenantQuota', t('upload.errors.tenantQuota', { limit: size(env.MEDIA_TENANT_QUOTA_BYTES) }));
  const { used, reserved, limit } = await quotaUsage(ctx.data, env, ownerId);
  const values = { used: size(used), limit: size(limit), size: size(bytes) };
  return new UploadRefusal(413, 'userQuota', reserved > 0 ? t('upload.errors.userQuotaReserved', { ...values, reserved: size(reserved) }) : t('upload.errors.userQuota', values));
}

/** Makes the item of a new upload with its reservation, or refuses (413) when it would pass a quota. */
export async function startReservedUpload(ctx: QuotaContext, input: NewMediaItem): Promise<MediaItem> {
  try {
    return await ctx.data.media.startUpload(input, uploadLimits(ctx.env, ctx.scope));
  } catch (e) {
    if (isQuotaExceeded(e)) throw await quotaRefusal(ctx, e.which, input.ownerId, input.original.bytes);
    throw e;
  }
}

/** An upload started before reservations existed reserves its bytes when it is finished; 413 when they no longer fit. */
export async function reserveExistingUpload(ctx: QuotaContext, item: MediaItem): Promise<void> {
  if (await ctx.data.media.reservation(item)) return;
  try {
    await ctx.data.media.reserveUpload(item, item.original.bytes, uploadLimits(ctx.env, ctx.scope));
  } catch (e) {
    if (isQuotaExceeded(e)) throw await quotaRefusal(ctx, e.which, item.ownerId, item.original.bytes);
    throw e;
  }
}
