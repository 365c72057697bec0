/**
 * The room-expiry sweeper (room-expiry eject on, token-expiry eject off: docs/PRODUCT.md, Rules:
 * room flags). Every ROOM_EXPIRY_SWEEP_SECONDS it asks each tenant for events whose
 * eventExpiration has passed and whose room is not closed yet (events.roomsToClose, an index query),
 * closes each LiveKit room (which removes everyone in it) and marks the event's room closed.
 *
 * - Video service unreachable: one log line per sweep, the rooms stay on the list, the next sweep
 *   tries again.
 * - Several server instances: marking is conditional (markRoomClosed), and closing a room twice is
 *   harmless (a room that is already gone counts as closed).
 * - Token expiry: nothing here (or anywhere) reacts to a token expiring; a connected participant
 *   stays until the room closes.
 */
import { startPeriodicSweep, type PeriodicSweep } from '#server/platform/periodicSweep.server';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData } from '#server/data/tenantData.server';
import { isVideoConfigError, isVideoUnavailableError, type VideoService } from '#server/platform/video.server';
import { log as logger } from '#server/observability/log.server';

export interface SweepDeps {
  db: Database;
  video: Pick<VideoService, 'closeRoom'>;
  tenants: Iterable<Pick<Tenant, 'id' | 'video'>>;
  now?: () => number;
  log?: (message: string) => void;
}

export interface SweepResult {
  /** Events whose room was closed (or found already gone) and marked, as <tenant>/<eventId>. */
  closed: string[];
  /** Events left for the next sweep because the video service could not be reached. */
  deferred: string[];
}

export async function sweepExpiredRooms(deps: SweepDeps): Promise<SweepResult> {
  const log = deps.log ?? ((m: string) => logger.warn(`[room-expiry] ${m}`));
  const now = deps.now?.() ?? Date.now();
  const result: SweepResult = { closed: [], deferred: [] };
  let unavailable: string | null = null;
  for (const tenant of deps.tenants) {
    const { events } = tenantData({ db: deps.db }, tenant.id);
    let due;
    try {
      due = await events.roomsToClose(now);
    } catch (e) {
      log(`tenant ${tenant.id}: could not list rooms to close (${(e as Error).message}); next sweep tries again`);
      continue;
    }
    for (const event of due) {
      const id = `${tenant.id}/${event.eventId}`;
      try {
        await deps.video.closeRoom(tenant, event);
      } catch (e) {
        if (isVideoUnavailableError(e) || isVideoConfigError(e)) {
          unavailable ??= e.message;
          result.deferred.push(id);
          continue;
        }
        log(`${id}: closing the room failed (${(e as Error).message})`);
        result.deferred.push(id);
        continue;
      }
      await events.markRoomClosed(event.eventId);
      result.closed.push(id);
    }
  }
  if (unavailable) log(`${result.deferred.length} expired room(s) left open: ${unavailable}; next sweep tries again`);
  return result;
}

export type RoomExpirySweeper = PeriodicSweep<SweepResult>;

/** Starts sweeping every `intervalSeconds` (first sweep after one interval). */
export function startRoomExpirySweeper(deps: SweepDeps & { intervalSeconds: number }): RoomExpirySweeper {
  return startPeriodicSweep({
    run: () => sweepExpiredRooms(deps),
    empty: () => ({ closed: [], deferred: [] }),
    intervalSeconds: deps.intervalSeconds,
    log: deps.log ?? ((m: string) => logger.warn(`[room-expiry] ${m}`)),
  });
}
