/**
 * One Cognito user pool per tenant, generated from the registry, in the region its tenant.json
 * names (identity.region): one stack per region. Each pool has the settings the local stack gives
 * its pools (local/stack/cognito.ts: ensurePool, ensureAppClient, ensureGroups): sign-in by email
 * or phone, both verified by a code, changes to them kept until verified
 * (identity.attributesRequireVerificationBeforeUpdate), the immutable custom:tenantId attribute,
 * its password policy and recovery by verified email, optional authenticator-app MFA, a public web
 * client that does not reveal whether a user exists, and the admin/organizer/member groups.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { Tenant } from '#app/lib/config/tenant';
import { IDENTITY_ROLES } from '#local/stack/cognito';

/** Group precedence as the local stack creates them (lower wins). */
const PRECEDENCE: Record<(typeof IDENTITY_ROLES)[number], number> = { admin: 0, organizer: 10, member: 20 };

export interface TenantPoolProps {
  tenant: Tenant;
  /** Verified SES identity Cognito sends its own codes from (the tenant's mail domain), and its region. */
  mail?: { fromEmail: string; fromName: string; domain: string; sesRegion: string };
}

export class TenantUserPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, { tenant, mail }: TenantPoolProps) {
    super(scope, id);
    const keep = tenant.identity.attributesRequireVerificationBeforeUpdate;
    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: tenant.id,
      signInAliases: { email: true, phone: true },
      autoVerify: { email: true, phone: true },
      keepOriginal: { email: keep.includes('email'), phone: keep.includes('phone_number') },
      customAttributes: { tenantId: new cognito.StringAttribute({ minLen: 1, maxLen: 64, mutable: false }) },
      passwordPolicy: { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      selfSignUpEnabled: true,
      email: mail
        ? cognito.UserPoolEmail.withSES({ fromEmail: mail.fromEmail, fromName: mail.fromName, sesVerifiedDomain: mail.domain, sesRegion: mail.sesRegion })
        : undefined,
      deletionProtection: true,
      // The tenant's accounts: never removed with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.client = this.pool.addClient('Web', {
      userPoolClientName: `${tenant.id}-web`,
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
    });
    for (const role of IDENTITY_ROLES) {
      new cognito.CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: this.pool.userPoolId, groupName: role, precedence: PRECEDENCE[role] });
    }
    // The server reads a tenant's pool from its tenant.json identity fields in production.
    new CfnOutput(this, 'UserPoolId', { value: this.pool.userPoolId, description: `${tenant.id}: identity.userPoolId` });
    new CfnOutput(this, 'AppClientId', { value: this.client.userPoolClientId, description: `${tenant.id}: identity.appClientId` });
  }
}

export interface IdentityStackProps extends StackProps {
  tenants: Tenant[];
  /** Each tenant's mail sender (deploy/lib/mail.ts), when SES sends Cognito's codes too. */
  mailOf: (tenant: Tenant) => TenantPoolProps['mail'];
}

/** The pools of the tenants whose identity.region is this stack's region. */
export class IdentityStack extends Stack {
  readonly pools = new Map<string, TenantUserPool>();

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    for (const tenant of props.tenants) {
      this.pools.set(tenant.id, new TenantUserPool(this, `Tenant-${tenant.id}`, { tenant, mail: props.mailOf(tenant) }));
    }
  }
}

/** Tenants grouped by the region their pool lives in. */
export function tenantsByIdentityRegion(tenants: Iterable<Tenant>): Map<string, Tenant[]> {
  const byRegion = new Map<string, Tenant[]>();
  for (const t of tenants) byRegion.set(t.identity.region, [...(byRegion.get(t.identity.region) ?? []), t]);
  return byRegion;
}
