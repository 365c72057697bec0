/**
 * Restream out (/hbc): RTMP destinations per event, sent the room's composite through LiveKit
 * Egress stream outputs where an egress service is configured. Stream keys are secrets: the server
 * stores them encrypted and only ever answers them masked.
 *
 *   GET  /api/recording/restream?event=<id>  → RestreamState (organizer and hosts)
 *   POST /api/recording/restream              RestreamAction → RestreamState (organizer only)
 */
import { z } from 'zod';
import { eventIdSchema } from '#app/lib/events/model';

/** The restream form's field errors: zod issue messages, translated by the panel and the server alike. */
export const RESTREAM_FIELD_ERRORS = ['recording.restream.errors.name', 'recording.restream.errors.url', 'recording.restream.errors.key'] as const;
export type RestreamField = 'name' | 'url' | 'streamKey';

export const destinationIdSchema = z.string().regex(/^[a-z0-9]{12}$/);

/** rtmp:// or rtmps:// with a host, no spaces, no credentials in the URL itself. */
export const rtmpUrlSchema = z
  .string()
  .trim()
  .min(1, 'recording.restream.errors.url')
  .max(300, 'recording.restream.errors.url')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'rtmp:' || url.protocol === 'rtmps:') && !!url.hostname && !url.username && !url.password && !/\s/.test(value);
    } catch {
      return false;
    }
  }, 'recording.restream.errors.url');

export const streamKeySchema = z
  .string()
  .trim()
  .min(4, 'recording.restream.errors.key')
  .max(256, 'recording.restream.errors.key')
  .regex(/^[\x21-\x7e]+$/, 'recording.restream.errors.key');

export const restreamActionSchema = z.discriminatedUnion('intent', [
  z.object({
    eventId: eventIdSchema,
    intent: z.literal('add'),
    name: z.string().trim().min(1, 'recording.restream.errors.name').max(60, 'recording.restream.errors.name'),
    url: rtmpUrlSchema,
    streamKey: streamKeySchema,
  }),
  z.object({ eventId: eventIdSchema, intent: z.literal('remove'), destinationId: destinationIdSchema }),
  z.object({ eventId: eventIdSchema, intent: z.literal('start') }),
  z.object({ eventId: eventIdSchema, intent: z.literal('stop') }),
]);
export type RestreamAction = z.infer<typeof restreamActionSchema>;

/** A destination as the browser sees it: the key masked, never in clear. */
export interface RestreamDestinationView {
  id: string;
  name: string;
  url: string;
  keyMasked: string;
  createdAt: string;
}

export interface RestreamState {
  /** An egress service is configured: destinations can really be sent to. */
  connected: boolean;
  /** Keys can be stored (the server has its key-encryption secret). */
  canStoreKeys: boolean;
  destinations: RestreamDestinationView[];
  /** The restream egress running now, if any. */
  live: boolean;
  canEdit: boolean;
}

/** The most of a key anyone sees again: its last four characters. */
export function maskKey(key: string): string {
  const tail = key.slice(-4);
  return `${'•'.repeat(8)}${tail}`;
}
