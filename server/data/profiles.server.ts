/**
 * User profiles, per tenant (docs/PRODUCT.md, Data: user). One item per user and tenant under
 * pk = tenantKey(tenantId, 'USER', sub), sk = 'PROFILE': a user of tenant A has no profile on
 * tenant B, and no read here can cross tenants.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import { tenantKey, type Database } from './dynamo.server';

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
});
export type Profile = z.infer<typeof profileSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const PROFILE_SK = 'PROFILE';
const FIELDS = Object.keys(fields) as Array<keyof Profile>;

export const profileKey = (tenantId: TenantId, sub: string) => ({ pk: tenantKey(tenantId, 'USER', sub), sk: PROFILE_SK });

/** The stored profile, or null when the user has none on this tenant yet. */
export async function getProfile(db: Database, tenantId: TenantId, sub: string): Promise<(Profile & { updatedAt: string }) | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: profileKey(tenantId, sub), ConsistentRead: true }));
  if (!out.Item) return null;
  const parsed = profileSchema.safeParse(out.Item);
  const profile = parsed.success ? parsed.data : profileSchema.parse({});
  return { ...profile, updatedAt: String(out.Item.updatedAt ?? '') };
}

/**
 * Writes the given fields (others stay as they are) and returns the whole profile. Values are
 * validated with the profile schema before anything is written.
 */
export async function saveProfile(db: Database, tenantId: TenantId, sub: string, update: ProfileUpdate): Promise<Profile> {
  const valid = profileUpdateSchema.parse(update);
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
  return profileSchema.parse(out.Attributes ?? {});
}
