/**
 * What a person gives at sign-up is kept, so /registerMe does not ask it again
 * (docs/decisions/0040): when the identity service accepts a SignUp, the names from its
 * attributes, and the acceptance of the terms the form required (sent as ClientMetadata
 * `acceptedTerms: "true"`), become the new user's profile on this tenant. Keyed by the new
 * user's sub, which nobody else holds, so a sign-up can only ever write its own profile.
 */
import { NAME_MAX } from '#app/lib/account/fieldErrors';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '../data/dynamo.server';
import { saveProfile, type ProfileUpdate } from '../data/profiles.server';
import { log } from '../observability/log.server';

type Body = Record<string, unknown>;

const attribute = (body: Body, name: string): string => {
  const list = Array.isArray(body.UserAttributes) ? (body.UserAttributes as Body[]) : [];
  const value = list.find((a) => a && a.Name === name)?.Value;
  return typeof value === 'string' ? value.trim().slice(0, NAME_MAX) : '';
};

/** The profile fields a successful SignUp request carries, or null when it carries none. */
export function signUpProfile(request: Body): ProfileUpdate | null {
  const firstName = attribute(request, 'given_name');
  const lastName = attribute(request, 'family_name');
  const metadata = request.ClientMetadata && typeof request.ClientMetadata === 'object' ? (request.ClientMetadata as Body) : {};
  const update: ProfileUpdate = {};
  if (firstName) update.firstName = firstName;
  if (lastName) update.lastName = lastName;
  if (metadata.acceptedTerms === 'true') update.acceptedTerms = true;
  return Object.keys(update).length ? update : null;
}

/** After a SignUp the identity service accepted: store what it carried (a failure only means /registerMe asks again). */
export async function keepSignUpProfile(db: Database, tenant: Pick<Tenant, 'id'>, request: Body, response: Body): Promise<void> {
  const sub = typeof response.UserSub === 'string' ? response.UserSub : '';
  const update = signUpProfile(request);
  if (!sub || !update) return;
  await saveProfile(db, tenant.id, sub, update).catch((e: Error) => log.error(`[identity] sign-up profile for tenant ${tenant.id} not saved: ${e.name}: ${e.message}`));
}
