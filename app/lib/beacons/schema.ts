/**
 * The schemas the server judges beacon batches by (docs/decisions/0093): strict, so a field the
 * model does not name (an address, a user agent, a name) is refused. The browser sends the types of
 * ./model.ts and does not load this module.
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';
import { mediaIdSchema } from '#app/lib/media/library';
import { MAX_BEACONS_PER_BATCH, type Beacon } from './model';

const ms = z.number().int().min(0).max(3_600_000);
const seconds = z.number().int().min(0).max(600);

/** A video's watch time since the last report; `view` on the first "playing" of a page's video. */
export const viewBeaconSchema = z.object({ k: z.literal('view'), view: z.boolean(), s: seconds }).strict();
/** One playback session's experience, sent once (ended, page left or hidden, player removed). */
export const playBeaconSchema = z
  .object({
    k: z.literal('play'),
    live: z.boolean(),
    /** From asking to play to the first frame; null when it never started. */
    startupMs: ms.nullable(),
    watchMs: ms,
    stallMs: ms,
    switches: z.number().int().min(0).max(1000),
    failed: z.boolean(),
  })
  .strict();
/** Joining the live room: how long the connection took (null: it failed). */
export const joinBeaconSchema = z.object({ k: z.literal('join'), ms: ms.nullable() }).strict();
/** The room's connection was lost and found again `n` times. */
export const reconnectBeaconSchema = z.object({ k: z.literal('reconnect'), n: z.number().int().min(1).max(100) }).strict();

export const beaconSchema = z.discriminatedUnion('k', [viewBeaconSchema, playBeaconSchema, joinBeaconSchema, reconnectBeaconSchema]);

export const batchSchema = z.union([
  z.object({ mediaId: mediaIdSchema, beacons: z.array(z.union([viewBeaconSchema, playBeaconSchema])).min(1).max(MAX_BEACONS_PER_BATCH) }).strict(),
  z.object({ eventId: eventIdSchema, beacons: z.array(z.union([playBeaconSchema, joinBeaconSchema, reconnectBeaconSchema])).min(1).max(MAX_BEACONS_PER_BATCH) }).strict(),
]);
export type BeaconBatch = z.infer<typeof batchSchema>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Checked when compiling: the schemas accept exactly the model's beacons. */
export const SCHEMA_MATCHES_MODEL: Same<z.infer<typeof beaconSchema>, Beacon> = true;
