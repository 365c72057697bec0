/**
 * Which account of a tenant's pool a name means. People sign in with their email, their phone
 * number, the pool's username or their sub (public: chat senders, avatar addresses), and Cognito
 * accepts them all for one account; the gateway's limits count attempts against that account,
 * not against the spelling (docs/decisions/0059). AdminGetUser resolves every form the pool
 * accepts, so on AWS the server's role needs `cognito-idp:AdminGetUser` on each tenant's pool.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { TenantPool } from './identity.server';
import { poolClient } from './poolClient';

export interface PoolAccount {
  sub: string;
  /** The pool's own username (the sub, in pools whose usernames are emails and phone numbers). */
  username: string;
  /** Cognito's UserStatus: UNCONFIRMED, CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED, … */
  status: string;
  attributes: Record<string, string>;
}

export interface PoolAccounts {
  /** The account `name` signs in as, or null when it means none. */
  find(pool: TenantPool, name: string): Promise<PoolAccount | null>;
}

/** Cognito's usernames and aliases are at most 128 characters; longer names mean no account. */
const NAME_MAX = 128;
/** Answers meaning "no such account" (a malformed name is no account either). */
const NO_ACCOUNT = new Set(['UserNotFoundException', 'InvalidParameterException']);

export function cognitoPoolAccounts(): PoolAccounts {
  return {
    async find(pool, name) {
      if (!name || name.length > NAME_MAX) return null;
      try {
        const user = await poolClient(pool).send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: name }));
        const attributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
        const sub = attributes.sub || user.Username || '';
        return sub ? { sub, username: user.Username ?? sub, status: user.UserStatus ?? '', attributes } : null;
      } catch (e) {
        if (NO_ACCOUNT.has((e as Error).name)) return null;
        throw e;
      }
    },
  };
}

/** How long a name's account is remembered for counting attempts (an account's sub never changes). */
const REMEMBER_MS = 10 * 60_000;
const REMEMBER_MAX = 20_000;

/**
 * Finds accounts, and names the one an attempt counts against: its sub when the name means an
 * account (remembered a few minutes, so repeated sign-ins ask the pool once), else the name as
 * typed, lower-cased (unknown names are counted too, and look no different).
 */
export class AccountResolver {
  private readonly known = new Map<string, { sub: string; until: number }>();

  constructor(private readonly accounts: PoolAccounts) {}

  /** The account, asked of the pool now (status and attributes are current). */
  async find(tenantId: string, pool: TenantPool, name: string): Promise<PoolAccount | null> {
    const account = await this.accounts.find(pool, name.trim());
    if (account) this.remember(tenantId, name, account.sub);
    return account;
  }

  /** What attempts with this name count against: `sub:<sub>` or `name:<name>`. */
  async attemptKey(tenantId: string, pool: TenantPool, name: string): Promise<string> {
    const typed = name.trim().toLowerCase();
    if (!typed) return '';
    const remembered = this.known.get(`${tenantId}\u0000${typed}`);
    if (remembered && remembered.until > Date.now()) return `sub:${remembered.sub}`;
    const account = await this.find(tenantId, pool, name);
    return account ? `sub:${account.sub}` : `name:${typed}`;
  }

  private remember(tenantId: string, name: string, sub: string) {
    const key = `${tenantId}\u0000${name.trim().toLowerCase()}`;
    this.known.delete(key);
    this.known.set(key, { sub, until: Date.now() + REMEMBER_MS });
    while (this.known.size > REMEMBER_MAX) this.known.delete(this.known.keys().next().value as string);
  }
}
