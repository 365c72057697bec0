/**
 * Event series per tenant (docs/decisions/0080). One item per series, beside its occurrences
 * (each a whole event of events.server.ts carrying seriesId and seriesIndex):
 *
 *   series   pk T#<t>#SERIES#<id>   sk SERIES   rule (RFC 5545 RRULE), first local start, zone,
 *                                               the template fields, the occurrences' event ids
 *                                               in order, the indexes cancelled one by one
 *
 * Never listed or scanned: a series is read by the id its occurrences carry.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { eventIdSchema, type EventInput } from '#app/lib/events/model';
import { MAX_OCCURRENCES } from '#app/lib/events/seriesRule';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';
import { newEventId } from './events.server';
import { getSeriesRegistration, putSeriesRegistration } from './seriesRegistrations.server';

export const seriesKey = (tenantId: TenantId, seriesId: string) => ({ pk: tenantKey(tenantId, 'SERIES', seriesId), sk: 'SERIES' });

export const seriesSchema = z.object({
  tenantId: z.string(),
  seriesId: eventIdSchema,
  /** RFC 5545 RRULE value, UNTIL in UTC. */
  rrule: z.string().min(1).max(200),
  /** The first occurrence's wall-clock start in `zone`, yyyy-MM-ddTHH:mm (the calendar file's DTSTART). */
  dtstart: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
  zone: z.string(),
  /** The fields the occurrences were made from (their start aside). */
  template: z.record(z.string(), z.unknown()),
  /** The occurrences' event ids, by index. */
  eventIds: z.array(eventIdSchema).max(MAX_OCCURRENCES),
  /** Occurrences cancelled one by one (the calendar file leaves them out: EXDATE). */
  cancelledIndexes: z.array(z.number().int().min(0)).default([]),
  /** The series this one continues after a "this and following" change. */
  previousSeriesId: eventIdSchema.optional(),
  organizerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SeriesRecord = z.infer<typeof seriesSchema>;
export type NewSeries = Pick<SeriesRecord, 'rrule' | 'dtstart' | 'zone' | 'organizerId' | 'previousSeriesId'> & { template: EventInput | SeriesRecord['template'] };

export class SeriesConflictError extends Error {
  constructor() {
    super('the series was changed by someone else');
    this.name = 'SeriesConflictError';
  }
}

export async function getSeries(db: Database, tenantId: TenantId, seriesId: string): Promise<SeriesRecord | null> {
  if (!eventIdSchema.safeParse(seriesId).success) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: seriesKey(tenantId, seriesId), ConsistentRead: true }));
  if (!out.Item || out.Item.tenantId !== tenantId) return null;
  const parsed = seriesSchema.safeParse(out.Item);
  return parsed.success ? parsed.data : null;
}

/** A new series with a fresh id and no occurrences yet (the service adds them). */
export async function createSeries(db: Database, tenantId: TenantId, input: NewSeries, now = new Date()): Promise<SeriesRecord> {
  const at = now.toISOString();
  const series = seriesSchema.parse({ ...input, tenantId, seriesId: newEventId(), eventIds: [], cancelledIndexes: [], createdAt: at, updatedAt: at });
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...seriesKey(tenantId, series.seriesId), ...series }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return series;
}

/** Writes a changed series, refused (SeriesConflictError) when someone else wrote it since `seen`. */
export async function saveSeries(db: Database, tenantId: TenantId, next: SeriesRecord, seen: Pick<SeriesRecord, 'updatedAt'>): Promise<SeriesRecord> {
  const series = seriesSchema.parse({ ...next, tenantId, updatedAt: new Date().toISOString() });
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...seriesKey(tenantId, series.seriesId), ...series },
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': seen.updatedAt },
      }),
    );
  } catch (e) {
    if (isConditionFailure(e)) throw new SeriesConflictError();
    throw e;
  }
  return series;
}

/** This module bound to one tenant: `context.data.events.series` (server/data/tenantData.server.ts). */
export const tenantSeries = (db: Database, tenantId: TenantId) => ({
  get: getSeries.bind(null, db, tenantId),
  create: createSeries.bind(null, db, tenantId),
  save: saveSeries.bind(null, db, tenantId),
  /** Whole-series registrations (docs/decisions/0085). */
  registration: getSeriesRegistration.bind(null, db, tenantId),
  register: putSeriesRegistration.bind(null, db, tenantId),
});
