/**
 * The identity gateway's own check of contact attributes (email, phone_number), for every pool,
 * Amazon Cognito's and cognito-local's alike (both refuse these themselves too: this is defence in
 * depth, because event roles start from a verified email; docs/decisions/0013-host-invitations.md):
 *  - SignUp and UpdateUserAttributes may not carry email_verified / phone_number_verified: only the
 *    code sent to the address (or an administrator) verifies it;
 *  - an email or phone number another account of the tenant's pool already holds is refused with
 *    Cognito's AliasExistsException. The holders are found with ListUsers, so on AWS the server's
 *    role needs `cognito-idp:ListUsers` on each tenant's user pool (README, Identity).
 */
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { TenantPool } from './identity.server';
import { poolClient } from './poolClient';

type Contact = 'email' | 'phone_number';
const CONTACTS: readonly string[] = ['email', 'phone_number'];
const FLAGS: readonly string[] = ['email_verified', 'phone_number_verified'];

/** Who holds a contact value in a pool: the user ids (sub). */
export interface ContactDirectory {
  holders(pool: TenantPool, attribute: Contact, value: string): Promise<string[]>;
}

export interface ContactRefusal {
  type: 'AliasExistsException' | 'InvalidParameterException';
  message: string;
}

/** ListUsers through the pool's own endpoint: cognito-local locally, Amazon Cognito with the server's credentials. */
export function cognitoContactDirectory(): ContactDirectory {
  return {
    async holders(pool, attribute, value) {
      // Cognito's filter syntax: a quoted value, with \ and " escaped.
      const quoted = value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
      const out = await poolClient(pool).send(new ListUsersCommand({ UserPoolId: pool.userPoolId, Filter: `${attribute} = "${quoted}"`, Limit: 2 }));
      return (out.Users ?? []).map((u) => u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? u.Username ?? '').filter(Boolean);
    },
  };
}

let shared: ContactDirectory | undefined;

type Attribute = { Name?: unknown; Value?: unknown };
const attributesOf = (body: Record<string, unknown>): Attribute[] =>
  Array.isArray(body.UserAttributes) ? body.UserAttributes.filter((a): a is Attribute => Boolean(a) && typeof a === 'object') : [];

/**
 * Why this SignUp or UpdateUserAttributes must be refused, or null. `self` is the signed-in user
 * (UpdateUserAttributes; null when the gateway could not verify the token: Cognito refuses it then).
 */
export async function refuseContactClaim(
  pool: TenantPool,
  operation: string,
  body: Record<string, unknown>,
  self: string | null,
  directory: ContactDirectory = (shared ??= cognitoContactDirectory()),
): Promise<ContactRefusal | null> {
  if (operation !== 'SignUp' && operation !== 'UpdateUserAttributes') return null;
  const attributes = attributesOf(body);
  if (attributes.some((a) => FLAGS.includes(String(a.Name)))) {
    return { type: 'InvalidParameterException', message: 'Cannot modify the verification status of an attribute; verify it with the code sent to it.' };
  }
  if (operation === 'UpdateUserAttributes' && !self) return null;
  const username = typeof body.Username === 'string' ? body.Username.trim().toLowerCase() : '';
  for (const a of attributes) {
    const name = String(a.Name);
    const value = typeof a.Value === 'string' ? a.Value.trim() : '';
    // The SignUp username itself is Cognito's to check (UsernameExistsException).
    if (!CONTACTS.includes(name) || !value || value.toLowerCase() === username) continue;
    const variants = name === 'email' ? [...new Set([value, value.toLowerCase()])] : [value];
    const holders = (await Promise.all(variants.map((v) => directory.holders(pool, name as Contact, v)))).flat();
    if (holders.some((sub) => sub !== self)) return { type: 'AliasExistsException', message: `An account with the given ${name} already exists.` };
  }
  return null;
}
