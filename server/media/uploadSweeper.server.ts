/**
 * Ends uploads that were started and never finished (a tab closed, a browser gone) once
 * MEDIA_UPLOAD_ABANDON_MINUTES have passed (docs/decisions/0060): aborts every S3 multipart upload
 * opened for the item, deletes whatever was stored and the item, and gives its quota reservation
 * back. An upload that was accepted but whose reservation was not yet turned into stored bytes
 * (an interruption between the two) has it turned now. Like the other sweepers, every move is
 * conditional (the item is removed only while it still uploads, a reservation ends once), so
 * several app instances may sweep at once. Tenants' spaces and the system space are swept alike.
 */
import { SYSTEM_TENANT_ID, type Tenant, type TenantId } from '#app/lib/config/tenant';
import { mediaFolder } from './data/media.server';
import type { UploadReservation } from './data/mediaUploads.server';
import { tenantData, type DataStores, type TenantData } from '../data/tenantData.server';
import type { Env } from '../env.server';
import { log as logger } from '../observability/log.server';
import { startPeriodicSweep, type PeriodicSweep } from '#server/platform/periodicSweep.server';

export interface UploadSweepDeps {
  /** Table and storage: the sweep aborts uploads and deletes files. */
  stores: Required<Pick<DataStores, 'db' | 'storage'>>;
  env: Pick<Env, 'MEDIA_UPLOAD_ABANDON_MINUTES'>;
  tenants: Iterable<Pick<Tenant, 'id'>>;
  now?: () => number;
  log?: (message: string) => void;
}

export interface UploadSweepResult {
  /** Abandoned uploads removed, as tenant/itemId. */
  removed: string[];
  /** Accepted uploads whose reservation became stored bytes. */
  kept: string[];
  /** Left for the next sweep (an error, or the upload moved on meanwhile). */
  deferred: string[];
}

/** What one stale reservation comes to. */
async function sweepOne(data: TenantData, reservation: UploadReservation): Promise<'removed' | 'kept' | 'deferred'> {
  const ref = { id: reservation.id, createdAt: reservation.createdAt };
  const item = await data.media.get(reservation.id);
  if (item && item.status !== 'uploading') return (await data.media.settleUpload(ref, 'kept')) ? 'kept' : 'deferred';
  if (item) {
    // Its multipart uploads first, while the item still names them; then the item, only if it still uploads.
    for (const uploadId of await data.media.uploadIds(item.id)) await data.files.abortMultipart(item.original.key, uploadId);
    if (!(await data.media.delete(item.id, 'uploading'))) return 'deferred';
  }
  await data.files.deleteFolder(mediaFolder(reservation.id));
  return (await data.media.settleUpload(ref, 'released')) ? 'removed' : 'deferred';
}

export async function sweepAbandonedUploads(deps: UploadSweepDeps): Promise<UploadSweepResult> {
  const log = deps.log ?? ((m: string) => logger.warn(`[abandoned-uploads] ${m}`));
  const cutoff = new Date((deps.now?.() ?? Date.now()) - deps.env.MEDIA_UPLOAD_ABANDON_MINUTES * 60_000).toISOString();
  const result: UploadSweepResult = { removed: [], kept: [], deferred: [] };
  const spaces: TenantId[] = [...[...deps.tenants].map((t) => t.id), SYSTEM_TENANT_ID];
  for (const tenantId of spaces) {
    const data = tenantData(deps.stores, tenantId);
    for (const reservation of await data.media.staleUploads(cutoff)) {
      const id = `${tenantId}/${reservation.id}`;
      try {
        result[await sweepOne(data, reservation)].push(id);
      } catch (e) {
        log(`${id}: left for the next sweep (${(e as Error).message})`);
        result.deferred.push(id);
      }
    }
  }
  return result;
}

export type UploadSweeper = PeriodicSweep<UploadSweepResult>;

export function startUploadSweeper(deps: UploadSweepDeps & { intervalSeconds: number }): UploadSweeper {
  return startPeriodicSweep({
    run: () => sweepAbandonedUploads(deps),
    empty: () => ({ removed: [], kept: [], deferred: [] }),
    intervalSeconds: deps.intervalSeconds,
    log: (m) => logger.warn(`[abandoned-uploads] ${m}`),
  });
}
