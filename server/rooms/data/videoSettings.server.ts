/**
 * A user's chosen camera, microphone and speaker, per tenant (/customVideoSettings), used by every
 * live room to start with the same devices. One item per user and tenant:
 *
 *   pk T#<t>#USER#<sub>   sk VIDEO_SETTINGS   { videoDeviceId?, audioDeviceId?, audioOutputId?, updatedAt }
 *
 * Device ids are the browser's MediaDeviceInfo.deviceId values (opaque, per origin); a missing id
 * means "the system default".
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

export const MAX_DEVICE_ID_LENGTH = 256;

const deviceId = z.string().trim().max(MAX_DEVICE_ID_LENGTH, 'lobby.errors.deviceId');

/** What a user may save: each id optional; an empty string stands for the system default. */
export const videoSettingsInputSchema = z.object({
  videoDeviceId: deviceId.optional(),
  audioDeviceId: deviceId.optional(),
  audioOutputId: deviceId.optional(),
});
export type VideoSettingsInput = z.infer<typeof videoSettingsInputSchema>;

export interface VideoSettings {
  videoDeviceId?: string;
  audioDeviceId?: string;
  audioOutputId?: string;
  updatedAt: string;
}

const SK = 'VIDEO_SETTINGS';
export const videoSettingsKey = (tenantId: TenantId, sub: string) => ({ pk: tenantKey(tenantId, 'USER', sub), sk: SK });

const storedSchema = z.object({
  tenantId: z.string(),
  videoDeviceId: z.string().max(MAX_DEVICE_ID_LENGTH).optional(),
  audioDeviceId: z.string().max(MAX_DEVICE_ID_LENGTH).optional(),
  audioOutputId: z.string().max(MAX_DEVICE_ID_LENGTH).optional(),
  updatedAt: z.string(),
});

function compact(input: VideoSettingsInput): Omit<VideoSettings, 'updatedAt'> {
  const out: Omit<VideoSettings, 'updatedAt'> = {};
  if (input.videoDeviceId) out.videoDeviceId = input.videoDeviceId;
  if (input.audioDeviceId) out.audioDeviceId = input.audioDeviceId;
  if (input.audioOutputId) out.audioOutputId = input.audioOutputId;
  return out;
}

/** The user's saved devices on this tenant, or null when they never saved any. */
export async function getVideoSettings(db: Database, tenantId: TenantId, sub: string): Promise<VideoSettings | null> {
  // Batched with the other reads of this turn (many people's, when an audience joins at once).
  const item = await batchedGet(db, videoSettingsKey(tenantId, sub), true);
  if (!item || item.tenantId !== tenantId) return null;
  const parsed = storedSchema.safeParse(item);
  if (!parsed.success) return null;
  return { ...compact(parsed.data), updatedAt: parsed.data.updatedAt };
}

/** Replaces the user's saved devices (validated first; throws a ZodError on bad input) and returns them. */
export async function saveVideoSettings(db: Database, tenantId: TenantId, sub: string, settings: VideoSettingsInput): Promise<VideoSettings> {
  const valid = videoSettingsInputSchema.parse(settings);
  const saved: VideoSettings = { ...compact(valid), updatedAt: new Date().toISOString() };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...videoSettingsKey(tenantId, sub), tenantId, sub, ...saved } }));
  return saved;
}
