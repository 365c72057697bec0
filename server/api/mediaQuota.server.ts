/**
 * Storage quotas of the media library: bytes per person in a tenant (MEDIA_USER_QUOTA_BYTES) and
 * per tenant (MEDIA_TENANT_QUOTA_BYTES). Checked before anything is signed, with the size the
 * browser announces, and again when the upload is finished, with the size really stored; only
 * then does a file count. System media count against the system space's total only.
 */
import type { TFunction } from 'i18next';
import type { UploadScope } from '#app/lib/media/uploadApi';
import type { TenantData } from '../data/tenantData.server';
import type { Env } from '../env.server';
import { sizeText, UploadRefusal } from './mediaRequest.server';

export interface QuotaCheck {
  data: Pick<TenantData, 'media'>;
  env: Pick<Env, 'MEDIA_USER_QUOTA_BYTES' | 'MEDIA_TENANT_QUOTA_BYTES'>;
  scope: UploadScope;
  ownerId: string;
  /** The file's size. */
  bytes: number;
  t: TFunction;
  language: string;
}

/** Refuses (413, in the request's language) when `extra` more bytes would pass a limit. */
async function refuseIfOver(check: QuotaCheck, extra: number): Promise<void> {
  const { data, env, t, language } = check;
  if (check.scope === 'tenant') {
    const used = await data.media.usage(check.ownerId);
    if (used + extra > env.MEDIA_USER_QUOTA_BYTES) {
      throw new UploadRefusal(
        413,
        'userQuota',
        t('upload.errors.userQuota', {
          used: sizeText(t, Math.max(0, used + extra - check.bytes), language),
          limit: sizeText(t, env.MEDIA_USER_QUOTA_BYTES, language),
          size: sizeText(t, check.bytes, language),
        }),
      );
    }
  }
  const total = await data.media.usage(null);
  if (total + extra > env.MEDIA_TENANT_QUOTA_BYTES) {
    throw new UploadRefusal(413, 'tenantQuota', t('upload.errors.tenantQuota', { limit: sizeText(t, env.MEDIA_TENANT_QUOTA_BYTES, language) }));
  }
}

/** Before signing, and before counting: would this file fit? */
export const checkQuota = (check: QuotaCheck) => refuseIfOver(check, check.bytes);

/**
 * Counts the file in the owner's and the scope's totals. Two uploads finishing at once may both
 * have passed checkQuota: the totals are checked again after the atomic add, and the file that
 * went over is taken back out and refused.
 */
export async function countUpload(check: QuotaCheck): Promise<void> {
  await check.data.media.addUsage(check.ownerId, check.bytes);
  try {
    await refuseIfOver(check, 0);
  } catch (e) {
    await check.data.media.addUsage(check.ownerId, -check.bytes);
    throw e;
  }
}
