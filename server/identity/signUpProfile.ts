/**
 * What a person gives at sign-up is kept, so /registerMe does not ask it again
 * (docs/decisions/0040): when the identity service accepts a SignUp, the names from its
 * attributes, and the acceptance of the terms the form required (sent as ClientMetadata
 * `acceptedTerms: "true"`), become the new user's profile on this tenant. Keyed by the new
 * user's sub, which nobody else holds, so a sign-up can only ever write its own profile.
 *
 * The write is a step that resumes (docs/decisions/0059): the names also live in the account's own
 * attributes (given_name, family_name), so when the profile write fails the account is not
 * half-done: the sign-up's retry, its confirmation and every sign-in complete the profile from
 * them, filling only what the profile still lacks.
 */
import { NAME_MAX } from '#app/lib/account/fieldErrors';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { completeProfile, type ProfileUpdate } from './data/profiles.server';
import { log } from '../observability/log.server';

type Body = Record<string, unknown>;

const name = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, NAME_MAX) : '');

const attribute = (body: Body, attributeName: string): string => {
  const list = Array.isArray(body.UserAttributes) ? (body.UserAttributes as Body[]) : [];
  return name(list.find((a) => a && a.Name === attributeName)?.Value);
};

type Names = Pick<ProfileUpdate, 'firstName' | 'lastName'>;

/** The names of an account's attributes or an ID token's claims (given_name, family_name). */
export function accountNames(attributes: Record<string, unknown>): Names {
  const names: Names = {};
  const firstName = name(attributes.given_name);
  const lastName = name(attributes.family_name);
  if (firstName) names.firstName = firstName;
  if (lastName) names.lastName = lastName;
  return names;
}

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

async function complete(db: Database, tenant: Pick<Tenant, 'id'>, sub: string, update: ProfileUpdate, when: string): Promise<void> {
  try {
    await completeProfile(db, tenant.id, sub, update);
  } catch (e) {
    // Not lost: the names stay in the account, and the next confirmation or sign-in writes them.
    log.warn(`[identity] profile of a ${when} for tenant ${tenant.id} not completed yet: ${(e as Error).name}: ${(e as Error).message}`);
  }
}

/** After a SignUp the identity service accepted: store what it carried. */
export async function keepSignUpProfile(db: Database, tenant: Pick<Tenant, 'id'>, request: Body, response: Body): Promise<void> {
  const sub = typeof response.UserSub === 'string' ? response.UserSub : '';
  const update = signUpProfile(request);
  if (sub && update) await complete(db, tenant, sub, update, 'sign-up');
}

/**
 * Completes the profile from the names the account holds (its attributes, or the claims of a token
 * just issued for it): after a confirmation, a sign-in, or a sign-up retried. Never throws.
 */
export async function completeSignUpProfile(db: Database, tenant: Pick<Tenant, 'id'>, sub: string, attributes: Record<string, unknown>, when: string): Promise<void> {
  const names = accountNames(attributes);
  if (sub && Object.keys(names).length) await complete(db, tenant, sub, names, when);
}
