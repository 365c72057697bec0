/**
 * Social sign-in for one tenant's pool, as the server's flow expects it (docs/decisions/0009,
 * server/identity/social/flow.server.ts): a hosted domain the server redirects to
 * (https://<identity.hostedSignInDomain>/oauth2/authorize with identity_provider=<provider>), an
 * identity provider per provider the tenant lists, and the web client allowed to use them with the
 * authorization-code grant, PKCE and no client secret, called back at /socialSignIn on the
 * tenant's hosts.
 *
 * Each provider's credentials stay in Secrets Manager: a JSON secret named
 * <socialSecretPrefix>/<tenant id>/<provider> in the pool's region, read by CloudFormation through
 * a dynamic reference at deploy time, so the template never holds them. It holds
 * {"clientId", "clientSecret"}, or for Apple {"clientId" (the services id), "teamId", "keyId",
 * "privateKey"}.
 */
import { Annotations, Duration, SecretValue } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { COGNITO_PROVIDER_NAMES, type SocialProvider } from '#app/lib/social/providers';
import type { Tenant } from '#app/lib/config/tenant';
import { CALLBACK_PATH } from '#server/identity/social/flow.server';

export interface SocialSignInSettings {
  /** PLATFORM_ROOT_DOMAIN: every tenant is also served at <id>.<rootDomain>. */
  rootDomain: string;
  hostedSignInPrefix: string;
  socialSecretPrefix: string;
  /** us-east-1 certificate for tenants whose identity.hostedSignInDomain is their own domain. */
  hostedSignInCertificateArn?: string;
}

/** How Cognito federates each provider the tenant schema allows. */
type Federation = { kind: 'google' | 'facebook' | 'apple' | 'amazon' } | { kind: 'oidc'; issuerUrl: string } | { kind: 'none'; why: string };

const FEDERATION: Record<SocialProvider, Federation> = {
  Google: { kind: 'google' },
  Facebook: { kind: 'facebook' },
  Apple: { kind: 'apple' },
  Amazon: { kind: 'amazon' },
  // Sign In with LinkedIn is OpenID Connect, named as COGNITO_PROVIDER_NAMES says (what the server sends).
  LinkedIn: { kind: 'oidc', issuerUrl: 'https://www.linkedin.com/oauth' },
  Twitter: { kind: 'none', why: 'X (Twitter) offers OAuth 2.0 without OpenID Connect' },
  TikTok: { kind: 'none', why: 'TikTok Login Kit is OAuth 2.0 without OpenID Connect' },
};

const socialSecretName = (prefix: string, tenantId: string, provider: SocialProvider) => `${prefix}/${tenantId}/${provider}`;

/** Every name the tenant is served under in production (tenantOrigin picks the first domain). */
function tenantHosts(tenant: Pick<Tenant, 'id' | 'domains'>, rootDomain: string): string[] {
  return [...new Set([...tenant.domains, `${tenant.id}.${rootDomain.toLowerCase()}`])];
}

export type HostedDomain = { prefix: string } | { customDomain: string };

const COGNITO_DOMAIN = /^([a-z0-9-]+)\.auth(?:-fips)?\.([a-z0-9-]+)\.amazoncognito\.com$/;
const PREFIX = /^(?!.*(?:aws|amazon|cognito))[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The tenant's hosted domain: the one its tenant.json names (a Cognito domain's prefix, or a domain
 * of its own), else <hostedSignInPrefix>-<tenant id>.
 */
function hostedDomainOf(tenant: Pick<Tenant, 'id' | 'identity'>, prefix: string): HostedDomain {
  const named = tenant.identity.hostedSignInDomain;
  const cognitoDomain = named ? COGNITO_DOMAIN.exec(named) : null;
  if (named && !cognitoDomain) return { customDomain: named };
  if (cognitoDomain && cognitoDomain[2] !== tenant.identity.region) {
    throw new Error(`tenant "${tenant.id}": identity.hostedSignInDomain ${named} is in ${cognitoDomain[2]}, its pool in ${tenant.identity.region}`);
  }
  const chosen = cognitoDomain?.[1] ?? `${prefix}-${tenant.id}`;
  if (!PREFIX.test(chosen)) {
    throw new Error(`tenant "${tenant.id}": "${chosen}" is no Cognito domain prefix (at most 63 lower-case letters, digits or dashes, without "aws", "amazon" or "cognito"): set -c hostedSignInPrefix or identity.hostedSignInDomain in its tenant.json`);
  }
  return { prefix: chosen };
}

/**
 * Federated users carry no custom:tenantId (only the gateway's sign-up writes it), yet the server
 * accepts an ID token only with its tenant's id. The pool is the tenant's alone, so its federated
 * users get the claim at token time; a native user without one is left as it is and refused.
 */
const TENANT_CLAIM_HANDLER = `exports.handler = async (event) => {
  const attributes = event.request.userAttributes || {};
  if (!attributes['custom:tenantId'] && attributes.identities) {
    event.response.claimsOverrideDetails = { claimsToAddOrOverride: { 'custom:tenantId': process.env.TENANT_ID } };
  }
  return event;
};`;

export interface TenantSocialSignInProps {
  tenant: Tenant;
  pool: cognito.UserPool;
  settings: SocialSignInSettings;
}

export class TenantSocialSignIn extends Construct {
  readonly domain: cognito.UserPoolDomain;
  readonly hosted: HostedDomain;
  /** The host the server redirects to (identity.hostedSignInDomain). */
  readonly hostedSignInDomain: string;
  readonly identityProviders: cognito.IUserPoolIdentityProvider[] = [];
  /** The web client's OAuth settings: code grant, the server's scopes, /socialSignIn on every tenant host. */
  readonly oAuth: cognito.OAuthSettings;

  constructor(scope: Construct, id: string, { tenant, pool, settings }: TenantSocialSignInProps) {
    super(scope, id);
    this.hosted = hostedDomainOf(tenant, settings.hostedSignInPrefix);
    const hosted = this.hosted;
    if ('customDomain' in hosted) {
      if (!settings.hostedSignInCertificateArn) {
        throw new Error(`tenant "${tenant.id}": its hosted sign-in domain ${hosted.customDomain} needs -c hostedSignInCertificateArn (an ACM certificate in us-east-1 covering it)`);
      }
      const certificate = acm.Certificate.fromCertificateArn(this, 'Certificate', settings.hostedSignInCertificateArn);
      this.domain = pool.addDomain('Domain', { customDomain: { domainName: hosted.customDomain, certificate } });
      this.hostedSignInDomain = this.domain.domainName;
    } else {
      this.domain = pool.addDomain('Domain', { cognitoDomain: { domainPrefix: hosted.prefix } });
      this.hostedSignInDomain = `${this.domain.domainName}.auth.${tenant.identity.region}.amazoncognito.com`;
    }

    for (const provider of tenant.signIn.socialProviders) {
      const federation = FEDERATION[provider];
      if (federation.kind === 'none') {
        Annotations.of(this).addWarningV2(`social:${provider}`, `tenant "${tenant.id}" lists ${provider}, which Cognito cannot federate (${federation.why}): its button leads to Cognito's error page until it is removed from signIn.socialProviders`);
        continue;
      }
      this.identityProviders.push(this.identityProvider(provider, federation, pool, socialSecretName(settings.socialSecretPrefix, tenant.id, provider)));
    }

    const hosts = tenantHosts(tenant, settings.rootDomain);
    this.oAuth = {
      flows: { authorizationCodeGrant: true },
      scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
      callbackUrls: hosts.map((host) => `https://${host}${CALLBACK_PATH}`),
      // The server signs out without the hosted /logout; should it use it, the site's home is where it lands.
      logoutUrls: hosts.map((host) => `https://${host}/`),
    };
    this.addTenantClaim(tenant, pool);
  }

  /** The client's providers: the pool's own accounts (the app's screens) and each federated one. */
  get clientProviders(): cognito.UserPoolClientIdentityProvider[] {
    return [cognito.UserPoolClientIdentityProvider.COGNITO, ...this.identityProviders.map((p) => cognito.UserPoolClientIdentityProvider.custom(p.providerName))];
  }

  private identityProvider(provider: SocialProvider, federation: Exclude<Federation, { kind: 'none' }>, userPool: cognito.UserPool, secretName: string) {
    const secret = (field: string) => SecretValue.secretsManager(secretName, { jsonField: field });
    // A dynamic reference ({{resolve:secretsmanager:…}}) where the construct takes a plain string: resolved by CloudFormation, never in the template.
    const reference = (field: string) => secret(field).unsafeUnwrap();
    const id = `Provider-${provider}`;
    switch (federation.kind) {
      case 'google':
        return new cognito.UserPoolIdentityProviderGoogle(this, id, {
          userPool,
          clientId: reference('clientId'),
          clientSecretValue: secret('clientSecret'),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: { email: cognito.ProviderAttribute.GOOGLE_EMAIL, emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED, fullname: cognito.ProviderAttribute.GOOGLE_NAME },
        });
      case 'facebook':
        return new cognito.UserPoolIdentityProviderFacebook(this, id, {
          userPool,
          clientId: reference('clientId'),
          clientSecret: reference('clientSecret'),
          scopes: ['public_profile', 'email'],
          attributeMapping: { email: cognito.ProviderAttribute.FACEBOOK_EMAIL, fullname: cognito.ProviderAttribute.FACEBOOK_NAME },
        });
      case 'apple':
        return new cognito.UserPoolIdentityProviderApple(this, id, {
          userPool,
          clientId: reference('clientId'),
          teamId: reference('teamId'),
          keyId: reference('keyId'),
          privateKeyValue: secret('privateKey'),
          scopes: ['email', 'name'],
          attributeMapping: { email: cognito.ProviderAttribute.APPLE_EMAIL, emailVerified: cognito.ProviderAttribute.APPLE_EMAIL_VERIFIED, fullname: cognito.ProviderAttribute.APPLE_NAME },
        });
      case 'amazon':
        return new cognito.UserPoolIdentityProviderAmazon(this, id, {
          userPool,
          clientId: reference('clientId'),
          clientSecret: reference('clientSecret'),
          scopes: ['profile'],
          attributeMapping: { email: cognito.ProviderAttribute.AMAZON_EMAIL, fullname: cognito.ProviderAttribute.AMAZON_NAME },
        });
      case 'oidc':
        return new cognito.UserPoolIdentityProviderOidc(this, id, {
          userPool,
          name: COGNITO_PROVIDER_NAMES[provider],
          issuerUrl: federation.issuerUrl,
          clientId: reference('clientId'),
          clientSecret: reference('clientSecret'),
          scopes: ['openid', 'email', 'profile'],
          attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
          attributeMapping: {
            email: cognito.ProviderAttribute.other('email'),
            emailVerified: cognito.ProviderAttribute.other('email_verified'),
            fullname: cognito.ProviderAttribute.other('name'),
          },
        });
    }
  }

  /** The pre-token-generation trigger that gives federated users the tenant's custom:tenantId claim. */
  private addTenantClaim(tenant: Tenant, pool: cognito.UserPool) {
    const logGroup = new logs.LogGroup(this, 'TenantClaimLogs', { retention: logs.RetentionDays.ONE_MONTH });
    // A role of its own that writes only to that group (no managed policy: cdk-nag AwsSolutions-IAM4).
    const role = new iam.Role(this, 'TenantClaimRole', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: `${tenant.id}: federated users' tenant claim` });
    logGroup.grantWrite(role);
    const fn = new lambda.Function(this, 'TenantClaim', {
      description: `${tenant.id}: custom:tenantId on federated users' ID tokens`,
      // The newest Node.js runtime this CDK knows (cdk-nag AwsSolutions-L1).
      runtime: lambda.Runtime.NODEJS_24_X,
      handler: 'index.handler',
      code: lambda.Code.fromInline(TENANT_CLAIM_HANDLER),
      environment: { TENANT_ID: tenant.id },
      memorySize: 128,
      timeout: Duration.seconds(5),
      role,
      logGroup,
    });
    pool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION, fn);
  }
}
