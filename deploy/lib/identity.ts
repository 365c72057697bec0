/**
 * One Cognito user pool per tenant, generated from the registry, in the region its tenant.json
 * names (identity.region): one stack per region. Each pool has the settings the local stack gives
 * its pools (local/stack/cognito.ts: ensurePool, ensureAppClient, ensureGroups): sign-in by email
 * or phone, both verified by a code, changes to them kept until verified
 * (identity.attributesRequireVerificationBeforeUpdate), the immutable custom:tenantId attribute,
 * its password policy and recovery by verified email, optional authenticator-app MFA, a public web
 * client that does not reveal whether a user exists, and the admin/organizer/member groups.
 * A tenant that lists social providers also gets its hosted domain, identity providers and the
 * client's OAuth settings (socialSignIn.ts); one that lists none gets a client without OAuth.
 *
 * Outputs are named by identityOutputKey (TenantauroraUserPoolId, …): `npm run tenants:publish --
 * --stack-outputs` reads them by those names into the published registry.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import type { Tenant } from '#app/lib/config/tenant';
import { IDENTITY_ROLES } from '#local/stack/cognito';
import { identityOutputKey, type DeployedField } from '#server/registry/stackOutputs.server';
import { TenantSocialSignIn, type SocialSignInSettings } from './socialSignIn';

/** Group precedence as the local stack creates them (lower wins). */
const PRECEDENCE: Record<(typeof IDENTITY_ROLES)[number], number> = { admin: 0, organizer: 10, member: 20 };

export interface TenantPoolProps {
  tenant: Tenant;
  /** Verified SES identity Cognito sends its own codes from (the tenant's mail domain), and its region. */
  mail?: { fromEmail: string; fromName: string; domain: string; sesRegion: string };
  /** Where hosted domains and provider secrets come from, for a tenant that lists social providers. */
  socialSettings: SocialSignInSettings;
}

/** An output under the name the registry publish looks it up by. */
function identityOutput(scope: Construct, tenantId: string, field: DeployedField, value: string) {
  const output = new CfnOutput(scope, field, { value, description: `${tenantId}: identity.${field} (npm run tenants:publish -- --stack-outputs)` });
  output.overrideLogicalId(identityOutputKey(tenantId, field));
  return output;
}

export class TenantUserPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly social?: TenantSocialSignIn;

  constructor(scope: Construct, id: string, { tenant, mail, socialSettings }: TenantPoolProps) {
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
    if (tenant.signIn.socialProviders.length) this.social = new TenantSocialSignIn(this, 'Social', { tenant, pool: this.pool, settings: socialSettings });
    this.client = this.pool.addClient('Web', {
      userPoolClientName: `${tenant.id}-web`,
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      // Without social sign-in nothing uses OAuth: no grant, no callback address.
      ...(this.social ? { oAuth: this.social.oAuth, supportedIdentityProviders: this.social.clientProviders } : { disableOAuth: true }),
    });
    for (const role of IDENTITY_ROLES) {
      new cognito.CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: this.pool.userPoolId, groupName: role, precedence: PRECEDENCE[role] });
    }
    // The server reads a tenant's pool from its identity fields, which the registry publish fills from these.
    identityOutput(this, tenant.id, 'userPoolId', this.pool.userPoolId);
    identityOutput(this, tenant.id, 'appClientId', this.client.userPoolClientId);
    if (this.social) {
      identityOutput(this, tenant.id, 'hostedSignInDomain', this.social.hostedSignInDomain);
      if ('customDomain' in this.social.hosted) {
        const target = new CfnOutput(this, 'HostedSignInTarget', { value: this.social.domain.cloudFrontEndpoint, description: `${tenant.id}: CNAME target of ${this.social.hosted.customDomain}` });
        target.overrideLogicalId(`${identityOutputKey(tenant.id, 'hostedSignInDomain')}Target`);
      }
    }
  }
}

export interface IdentityStackProps extends StackProps {
  tenants: Tenant[];
  /** Each tenant's mail sender (deploy/lib/mail.ts), when SES sends Cognito's codes too. */
  mailOf: (tenant: Tenant) => TenantPoolProps['mail'];
  socialSettings: SocialSignInSettings;
}

/** The pools of the tenants whose identity.region is this stack's region. */
export class IdentityStack extends Stack {
  readonly pools = new Map<string, TenantUserPool>();

  constructor(scope: Construct, id: string, props: IdentityStackProps) {
    super(scope, id, props);
    for (const tenant of props.tenants) {
      this.pools.set(tenant.id, new TenantUserPool(this, `Tenant-${tenant.id}`, { tenant, mail: props.mailOf(tenant), socialSettings: props.socialSettings }));
    }
  }
}

/** Tenants grouped by the region their pool lives in. */
export function tenantsByIdentityRegion(tenants: Iterable<Tenant>): Map<string, Tenant[]> {
  const byRegion = new Map<string, Tenant[]>();
  for (const t of tenants) byRegion.set(t.identity.region, [...(byRegion.get(t.identity.region) ?? []), t]);
  return byRegion;
}
