/**
 * User profiles, per tenant (docs/PRODUCT.md, Data: user). One item per user and tenant under
 * pk = tenantKey(tenantId, 'USER', sub), sk = 'PROFILE': a user of tenant A has no profile on
 * tenant B, and no read here can cross tenants.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchedGet } from '#server/platform/dynamo/batched.server';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { isConditionFailure, tenantKey, type Database } from '#server/platform/dynamo/dynamo.server';

/** Every user field the platform stores (signedIn / guestAuthenticated are session state; docs/PRODUCT.md, Data: user). */
const fields = {
  displayName: z.string().max(80),
  firstName: z.string().max(80),
  lastName: z.string().max(80),
  primaryPhone: z.string().max(20),
  signInPreference: z.enum(['email', 'phone']),
  signUpPreference: z.enum(['email', 'phone']),
  signInTimeZone: z.string().max(64),
  signInLanguageCode: z.string().max(8),
  acceptedTerms: z.boolean(),
  groupName: z.string().max(64),
  sysRole: z.string().max(64),
  precedence: z.number().int(),
  iamRole: z.string().max(256),
  cognitoGroups: z.array(z.string()),
  isUserVerified: z.boolean(),
  /** /cmiVideo: the organizer's introduction video, a media item id of their own ('' for none). */
  introVideoId: z.union([z.string().regex(/^[a-z0-9]{21}$/), z.literal('')]),
  /** /profilePhotoChanger: the person's avatar, an image item of their own ('' for none; docs/decisions/0045). */
  avatarId: z.union([z.string().regex(/^[a-z0-9]{21}$/), z.literal('')]),
};
/** An update: any subset of the fields, no defaults filled in. */
export const profileUpdateSchema = z.object(fields).partial();
export const profileSchema = z.object({
  ...fields,
  displayName: fields.displayName.default(''),
  firstName: fields.firstName.default(''),
  lastName: fields.lastName.default(''),
  primaryPhone: fields.primaryPhone.default(''),
  signInPreference: fields.signInPreference.default('email'),
  signUpPreference: fields.signUpPreference.default('email'),
  signInTimeZone: fields.signInTimeZone.default(''),
  signInLanguageCode: fields.signInLanguageCode.default(''),
  acceptedTerms: fields.acceptedTerms.default(false),
  groupName: fields.groupName.default(''),
  sysRole: fields.sysRole.default(''),
  precedence: fields.precedence.default(0),
  iamRole: fields.iamRole.default(''),
  cognitoGroups: fields.cognitoGroups.default([]),
  isUserVerified: fields.isUserVerified.default(false),
  introVideoId: fields.introVideoId.catch(''),
  avatarId: fields.avatarId.catch(''),
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const PROFILE_SK = 'PROFILE';
const FIELDS = Object.keys(fields) as Array<keyof Profile>;

export const profileKey = (tenantId: TenantId, sub: string) => ({ pk: tenantKey(tenantId, 'USER', sub), sk: PROFILE_SK });

/** The stored profile, or null when the user has none on this tenant yet. */
export async function getProfile(db: Database, tenantId: TenantId, sub: string): Promise<(Profile & { updatedAt: string }) | null> {
  // Batched with the other reads of this turn (many people's, when an audience joins at once).
  const item = await batchedGet(db, profileKey(tenantId, sub), true);
  if (!item) return null;
  const parsed = profileSchema.safeParse(item);
  const profile = parsed.success ? parsed.data : profileSchema.parse({});
  return { ...profile, updatedAt: String(item.updatedAt ?? '') };
}

/**
 * How long a profile read for a room join is reused (docs/decisions/0024, "Per-join cost"): the
 * room's data and its chat socket both want the person's shown name within the same moments.
 */
export const RECENT_PROFILE_MS = 5000;
const RECENT_PROFILES_MAX = 10_000;
const recentProfiles = new Map<string, { at: number; read: ReturnType<typeof getProfile> }>();
const recentKey = (db: Database, tenantId: TenantId, sub: string) => `${db.table}\u0000${tenantId}\u0000${sub}`;

/**
 * The profile as read at most RECENT_PROFILE_MS ago (a read in flight is joined): for the room's
 * join path only, where a name a few seconds old is fine. A save on this instance forgets it at
 * once; on other instances it is at most that old. Screens that edit the profile use getProfile.
 */
export function getRecentProfile(db: Database, tenantId: TenantId, sub: string, now = Date.now()): ReturnType<typeof getProfile> {
  const key = recentKey(db, tenantId, sub);
  const known = recentProfiles.get(key);
  if (known && now - known.at < RECENT_PROFILE_MS) return known.read;
  recentProfiles.delete(key);
  const entry = { at: now, read: getProfile(db, tenantId, sub) };
  // A failed read is not kept: the next join asks again.
  entry.read.catch(() => recentProfiles.get(key) === entry && recentProfiles.delete(key));
  recentProfiles.set(key, entry);
  while (recentProfiles.size > RECENT_PROFILES_MAX) recentProfiles.delete(recentProfiles.keys().next().value as string);
  return entry.read;
}

/**
 * Writes the given fields (others stay as they are) and returns the whole profile. Values are
 * validated with the profile schema before anything is written.
 */
export async function saveProfile(db: Database, tenantId: TenantId, sub: string, update: ProfileUpdate): Promise<Profile> {
  const valid = profileUpdateSchema.parse(update);
  recentProfiles.delete(recentKey(db, tenantId, sub));
  const entries = FIELDS.filter((f) => valid[f] !== undefined).map((f) => [f, valid[f]] as const);
  const names: Record<string, string> = { '#updatedAt': 'updatedAt', '#tenantId': 'tenantId', '#sub': 'sub' };
  const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString(), ':tenantId': tenantId, ':sub': sub };
  const sets = ['#updatedAt = :updatedAt', '#tenantId = :tenantId', '#sub = :sub'];
  entries.forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  const out = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: profileKey(tenantId, sub),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  // Also after the write: a join that read in between must not keep the old name.
  recentProfiles.delete(recentKey(db, tenantId, sub));
  return profileSchema.parse(out.Attributes ?? {});
}

type Completion = Pick<ProfileUpdate, 'firstName' | 'lastName' | 'acceptedTerms'>;
const COMPLETABLE = ['firstName', 'lastName', 'acceptedTerms'] as const;
const isEmpty = (value: unknown) => value === undefined || value === '' || value === false;

/**
 * Writes the given fields only where the profile has none yet (no value, an empty name, terms not
 * accepted): what a sign-up carried, written again until it is stored (docs/decisions/0059). A
 * field the person has set since stays theirs, and a profile already complete is only read, so
 * calling it on every confirmation and sign-in costs one read.
 */
export async function completeProfile(db: Database, tenantId: TenantId, sub: string, update: Completion): Promise<void> {
  const valid = profileUpdateSchema.parse(update);
  const stored = (await batchedGet(db, profileKey(tenantId, sub), true)) ?? {};
  const missing = COMPLETABLE.filter((f) => !isEmpty(valid[f]) && isEmpty(stored[f]));
  if (!missing.length) return;
  const names: Record<string, string> = { '#updatedAt': 'updatedAt', '#tenantId': 'tenantId', '#sub': 'sub' };
  const values: Record<string, unknown> = { ':updatedAt': new Date().toISOString(), ':tenantId': tenantId, ':sub': sub };
  const sets = ['#updatedAt = :updatedAt', '#tenantId = :tenantId', '#sub = :sub'];
  const conditions: string[] = [];
  missing.forEach((field, i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = valid[field];
    sets.push(`#f${i} = :v${i}`);
    values[`:e${i}`] = field === 'acceptedTerms' ? false : '';
    conditions.push(`(attribute_not_exists(#f${i}) OR #f${i} = :e${i})`);
  });
  recentProfiles.delete(recentKey(db, tenantId, sub));
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: profileKey(tenantId, sub),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (e) {
    // The person (or another completion) wrote these fields in between: theirs stands.
    if (!isConditionFailure(e)) throw e;
  }
  recentProfiles.delete(recentKey(db, tenantId, sub));
}
