/**
 * Recent copies of event records for the doors of a room (docs/decisions/0091): its page and
 * shell gate, its data request, its token route and its chat socket read the event on every
 * join, and the event is the same for the whole audience. A copy is kept per instance for
 * EVENT_COPY_MS and forgotten at once when this instance writes the event (every write of the
 * event item goes through events.server.ts or hostInvitations.server.ts, which call forgetEvent
 * after it), so on this instance a block, an edit, an early end or an accepted invitation takes
 * effect for the next request; another instance sees it within EVENT_COPY_MS (sooner when its
 * chat hears of the change: server/chat/hub.server.ts).
 *
 * What is kept: the stored event only (never a person's ticket, standing, profile or session);
 * the keys carry the tenant id, and each database has copies of its own. A missing event is not
 * kept (a new event is there at once). Concurrent readers share the read in flight; a read that
 * started before a forget answers its own callers but is not kept.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { EventRecord } from '#app/lib/events/model';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { TtlCache } from '#server/platform/ttlCache';

/** How long an instance trusts its copy of an event written elsewhere (ms). */
export const EVENT_COPY_MS = 2000;
/** Events kept per instance at most (an audience is in a handful of events at once). */
const MAX_COPIES = 5000;

interface Copies {
  kept: TtlCache<EventRecord>;
  reading: Map<string, Promise<EventRecord | null>>;
}

const byDatabase = new WeakMap<Database, Copies>();

function copiesOf(db: Database): Copies {
  let copies = byDatabase.get(db);
  if (!copies) {
    copies = {
      kept: new TtlCache<EventRecord>(EVENT_COPY_MS, MAX_COPIES),
      reading: new Map(),
    };
    byDatabase.set(db, copies);
  }
  return copies;
}

const keyOf = (tenantId: TenantId, eventId: string) => `${tenantId}\u0000${eventId}`;

/**
 * The event as stored at most EVENT_COPY_MS ago (as stored now when this instance wrote it
 * since): the kept copy, or the read in flight, or a new read through `read`.
 */
export function recentEvent(db: Database, tenantId: TenantId, eventId: string, read: () => Promise<EventRecord | null>): Promise<EventRecord | null> {
  const { kept, reading } = copiesOf(db);
  const key = keyOf(tenantId, eventId);
  const copy = kept.get(key);
  if (copy) return Promise.resolve(copy);
  const inFlight = reading.get(key);
  if (inFlight) return inFlight;
  const pending = read().then(
    (event) => {
      // Forgotten meanwhile (a write on this instance): answer the callers that asked before it, keep nothing.
      if (reading.get(key) === pending) {
        reading.delete(key);
        if (event && event.tenantId === tenantId) kept.set(key, event);
      }
      return event;
    },
    (error: unknown) => {
      if (reading.get(key) === pending) reading.delete(key);
      throw error;
    },
  );
  reading.set(key, pending);
  return pending;
}

/** This instance changed the event: its copy and any read in flight no longer count. */
export function forgetEvent(db: Database, tenantId: TenantId, eventId: string): void {
  const copies = byDatabase.get(db);
  if (!copies) return;
  const key = keyOf(tenantId, eventId);
  copies.kept.delete(key);
  copies.reading.delete(key);
}
