/**
 * Social sign-in per user pool (deploy/lib/socialSignIn.ts) and the identity outputs the registry
 * publish reads (server/registry/stackOutputs.server.ts), on a template synthesized offline from
 * fixture tenants: one with every provider, one with its own hosted sign-in domain, one without
 * social providers. cdk-nag and cfn-lint check the new resources like the rest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchema, type Tenant } from '#app/lib/config/tenant';
import { COGNITO_PROVIDER_NAMES } from '#app/lib/social/providers';
import { identityOutputKey } from '#server/registry/stackOutputs.server';
import { readDeployConfig } from './lib/config';
import { IdentityStack } from './lib/identity';
import { BASE_CONTEXT, cfnLint, lintPassed, nagViolations, PROJECT_ROOT, removeSynth, SYNTH_TIMEOUT_MS, synthPlatform, templateOf, type Synthesized } from './synthForTests';

const sample = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tenants/aurora/tenant.json'), 'utf8')) as Record<string, unknown> & { signIn: object; identity: object };

/** A tenant made from the aurora sample with its own id, domains, providers and hosted domain. */
function fixture(id: string, domains: string[], socialProviders: string[], hostedSignInDomain?: string): Tenant {
  return tenantSchema.parse({
    ...sample,
    id,
    domains,
    signIn: { ...sample.signIn, socialProviders },
    identity: { ...sample.identity, region: 'us-east-1', ...(hostedSignInDomain ? { hostedSignInDomain } : {}) },
  });
}

const SOCIAL = fixture('gala-hall', ['live.gala-hall.example', 'gala.example'], ['Google', 'Facebook', 'Apple', 'Amazon', 'LinkedIn', 'Twitter']);
const OWN_DOMAIN = fixture('own-login', ['events.own-login.example'], ['Google'], 'login.own-login.example');
const PLAIN = fixture('quiet-room', ['quiet-room.example'], []);
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/hosted-sign-in';
const SETTINGS = { rootDomain: 'events.example.com', hostedSignInPrefix: 'platform', socialSecretPrefix: 'Platform/social' };

let synth: Synthesized;
let identity: Template;
let lint: Promise<{ code: number; out: string }>;

type Resource = { Properties: Record<string, unknown>; DependsOn?: string[] };
/** The logical id of a tenant's user pool. */
const poolOf = (tenantId: string) => Object.entries(identity.findResources('AWS::Cognito::UserPool')).find(([, r]) => (r as Resource).Properties.UserPoolName === tenantId)![0];
const ofPool = (type: string, tenantId: string) =>
  Object.values(identity.findResources(type)).filter((r) => JSON.stringify((r as Resource).Properties.UserPoolId) === JSON.stringify({ Ref: poolOf(tenantId) })) as Resource[];
const clientOf = (tenantId: string) => Object.values(identity.findResources('AWS::Cognito::UserPoolClient', { Properties: { ClientName: `${tenantId}-web` } }))[0] as Resource;
const secretRef = (tenantId: string, provider: string, field: string) => `{{resolve:secretsmanager:Platform/social/${tenantId}/${provider}:SecretString:${field}::}}`;

beforeAll(() => {
  synth = synthPlatform({ ...BASE_CONTEXT, hostedSignInCertificateArn: CERTIFICATE }, [SOCIAL, OWN_DOMAIN, PLAIN]);
  // The identity stack only: platform.test.ts lints the platform's.
  lint = cfnLint(synth, synth.built.identity);
  identity = templateOf(synth, 'Platform-Identity-us-east-1');
}, SYNTH_TIMEOUT_MS);
afterAll(() => removeSynth(synth));

describe('social sign-in per user pool', () => {
  it('gives a tenant with social providers a hosted domain named after the stack and the tenant', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'platform-gala-hall', UserPoolId: { Ref: poolOf('gala-hall') } });
    identity.hasOutput(identityOutputKey('gala-hall', 'hostedSignInDomain'), {
      Value: { 'Fn::Join': ['', [{ Ref: Match.stringLikeRegexp('^TenantgalahallPoolDomain') }, '.auth.us-east-1.amazoncognito.com']] },
    });
  });

  it('serves the hosted domain a tenant.json names as a custom domain on the us-east-1 certificate, with its CNAME target', () => {
    identity.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'login.own-login.example', CustomDomainConfig: { CertificateArn: CERTIFICATE } });
    identity.hasOutput(identityOutputKey('own-login', 'hostedSignInDomain'), { Value: { Ref: Match.stringLikeRegexp('^TenantownloginPoolDomain') } });
    identity.hasOutput(`${identityOutputKey('own-login', 'hostedSignInDomain')}Target`, { Value: { 'Fn::GetAtt': [Match.anyValue(), 'CloudFrontDistribution'] } });
  });

  it('makes an identity provider per provider Cognito federates, credentials from Secrets Manager by name, email and name mapped', () => {
    const providers = ofPool('AWS::Cognito::UserPoolIdentityProvider', 'gala-hall').map((r) => r.Properties);
    expect(providers.map((p) => `${p.ProviderType}:${p.ProviderName}`).sort()).toEqual(['Facebook:Facebook', 'Google:Google', 'LoginWithAmazon:LoginWithAmazon', 'OIDC:LinkedIn', 'SignInWithApple:SignInWithApple']);
    // Each under the name the server's authorize redirect sends for it.
    expect(providers.map((p) => p.ProviderName).sort()).toEqual((['Facebook', 'Google', 'Amazon', 'LinkedIn', 'Apple'] as const).map((p) => COGNITO_PROVIDER_NAMES[p]).sort());
    for (const p of providers) expect(p.AttributeMapping).toMatchObject({ email: 'email', name: 'name' });
    const details = (type: string) => providers.find((p) => p.ProviderType === type)!.ProviderDetails;
    expect(details('Google')).toMatchObject({ client_id: secretRef('gala-hall', 'Google', 'clientId'), client_secret: secretRef('gala-hall', 'Google', 'clientSecret'), authorize_scopes: 'openid email profile' });
    expect(details('SignInWithApple')).toMatchObject({ client_id: secretRef('gala-hall', 'Apple', 'clientId'), team_id: secretRef('gala-hall', 'Apple', 'teamId'), key_id: secretRef('gala-hall', 'Apple', 'keyId'), private_key: secretRef('gala-hall', 'Apple', 'privateKey') });
    expect(details('OIDC')).toMatchObject({ oidc_issuer: 'https://www.linkedin.com/oauth', client_secret: secretRef('gala-hall', 'LinkedIn', 'clientSecret') });
  });

  it('never puts a provider credential in the template: every one is a Secrets Manager reference', () => {
    const all = Object.values(identity.findResources('AWS::Cognito::UserPoolIdentityProvider')).map((r) => (r as Resource).Properties.ProviderDetails as Record<string, string>);
    const credentials = all.flatMap((d) => ['client_id', 'client_secret', 'team_id', 'key_id', 'private_key'].filter((k) => k in d).map((k) => d[k]));
    expect(credentials.length).toBeGreaterThan(10);
    for (const value of credentials) expect(value).toMatch(/^\{\{resolve:secretsmanager:Platform\/social\/[a-z-]+\/[A-Za-z]+:SecretString:\w+::\}\}$/);
  });

  it('warns at synthesis about a provider Cognito cannot federate (Twitter) and makes nothing for it', () => {
    const warnings = synth.assembly.getStackByName('Platform-Identity-us-east-1').messages.filter((m) => m.level === 'warning').map((m) => String(m.entry.data));
    expect(warnings).toEqual([expect.stringContaining('tenant "gala-hall" lists Twitter, which Cognito cannot federate')]);
  });

  it('lets the web client use them with the code grant and the server\'s scopes, called back at /socialSignIn on every tenant host', () => {
    const client = clientOf('gala-hall');
    const hosts = ['live.gala-hall.example', 'gala.example', 'gala-hall.events.example.com'];
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      CallbackURLs: hosts.map((h) => `https://${h}/socialSignIn`),
      LogoutURLs: hosts.map((h) => `https://${h}/`),
    });
    const providers = ofPool('AWS::Cognito::UserPoolIdentityProvider', 'gala-hall');
    // By Ref: CloudFormation makes the providers before the client that names them.
    expect(client.Properties.SupportedIdentityProviders).toEqual(['COGNITO', ...providers.map(() => ({ Ref: expect.stringMatching(/^TenantgalahallSocialProvider/) }))]);
  });

  it('gives federated users the custom:tenantId claim the server checks, and only them', async () => {
    const pool = identity.findResources('AWS::Cognito::UserPool', { Properties: { UserPoolName: 'gala-hall' } });
    const trigger = (Object.values(pool)[0] as Resource).Properties.LambdaConfig as { PreTokenGeneration: { 'Fn::GetAtt': [string, string] } };
    const fn = identity.findResources('AWS::Lambda::Function')[trigger.PreTokenGeneration['Fn::GetAtt'][0]] as Resource;
    expect(fn.Properties).toMatchObject({ Environment: { Variables: { TENANT_ID: 'gala-hall' } }, Runtime: 'nodejs24.x' });
    const handler = (attributes: Record<string, string>) => {
      const module = { exports: {} as { handler: (e: unknown) => Promise<{ response: { claimsOverrideDetails?: unknown } }> } };
      runInNewContext((fn.Properties.Code as { ZipFile: string }).ZipFile, { exports: module.exports, process: { env: { TENANT_ID: 'gala-hall' } } });
      return module.exports.handler({ request: { userAttributes: attributes }, response: {} });
    };
    expect(await handler({ sub: 'a', identities: '[{"providerName":"Google"}]' })).toMatchObject({
      response: { claimsOverrideDetails: { claimsToAddOrOverride: { 'custom:tenantId': 'gala-hall' } } },
    });
    // A native user without the claim (made past the gateway) stays without it, and the server refuses it.
    expect(await handler({ sub: 'b' })).toEqual({ request: { userAttributes: { sub: 'b' } }, response: {} });
    expect((await handler({ sub: 'c', identities: '[]', 'custom:tenantId': 'gala-hall' })).response).toEqual({});
  });

  it('gives a tenant without social providers none of it: no domain, provider, trigger or OAuth on its client', () => {
    expect(ofPool('AWS::Cognito::UserPoolDomain', 'quiet-room')).toEqual([]);
    expect(ofPool('AWS::Cognito::UserPoolIdentityProvider', 'quiet-room')).toEqual([]);
    const pool = identity.findResources('AWS::Cognito::UserPool', { Properties: { UserPoolName: 'quiet-room' } });
    expect((Object.values(pool)[0] as Resource).Properties.LambdaConfig).toBeUndefined();
    const client = clientOf('quiet-room').Properties;
    expect(client.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect([client.AllowedOAuthFlows, client.CallbackURLs, client.LogoutURLs]).toEqual([undefined, undefined, undefined]);
    expect(identity.findOutputs(identityOutputKey('quiet-room', 'hostedSignInDomain'))).toEqual({});
  });

  it('names each output after its tenant and field, as `tenants:publish --stack-outputs` reads them', () => {
    const outputs = Object.keys(identity.findOutputs('*')).sort();
    expect(outputs).toEqual(
      [
        ...['gala-hall', 'own-login', 'quiet-room'].flatMap((id) => [identityOutputKey(id, 'userPoolId'), identityOutputKey(id, 'appClientId')]),
        identityOutputKey('gala-hall', 'hostedSignInDomain'),
        identityOutputKey('own-login', 'hostedSignInDomain'),
        `${identityOutputKey('own-login', 'hostedSignInDomain')}Target`,
      ].sort(),
    );
    expect(identityOutputKey('gala-hall', 'userPoolId')).toBe('TenantgalaDashhallUserPoolId');
    identity.hasOutput('TenantquietDashroomAppClientId', { Value: { Ref: Match.stringLikeRegexp('^TenantquietroomPoolWeb') } });
  });

  it('refuses what Cognito would refuse at deploy: a custom domain without a us-east-1 certificate, a prefix it does not take', () => {
    const stack = (tenant: Tenant, settings: Partial<typeof SETTINGS & { hostedSignInCertificateArn: string }> = {}) => () =>
      new IdentityStack(new App(), 'Check', { env: { region: 'us-east-1' }, tenants: [tenant], mailOf: () => undefined, socialSettings: { ...SETTINGS, ...settings } });
    expect(stack(OWN_DOMAIN)).toThrow(/tenant "own-login": its hosted sign-in domain login\.own-login\.example needs -c hostedSignInCertificateArn/);
    expect(stack(fixture('laws-hall', [], ['Google']))).toThrow(/tenant "laws-hall": "platform-laws-hall" is no Cognito domain prefix/);
    expect(stack(fixture('eu-hall', [], ['Google'], 'eu-hall.auth.eu-west-3.amazoncognito.com'))).toThrow(/is in eu-west-3, its pool in us-east-1/);
    expect(() => readDeployConfig((k) => ({ ...BASE_CONTEXT, hostedSignInCertificateArn: 'arn:aws:acm:eu-west-3:123456789012:certificate/x' })[k])).toThrow(/hostedSignInCertificateArn: must be an ACM certificate ARN in us-east-1/);
    expect(() => readDeployConfig((k) => ({ ...BASE_CONTEXT, stackName: 'Cognito-Platform' })[k])).toThrow(/hostedSignInPrefix: is required/);
  });

  it('passes cdk-nag AwsSolutions and cfn-lint with the new resources', async () => {
    expect(nagViolations(synth)).toEqual([]);
    const result = await lint;
    expect(lintPassed(result), result.out).toBe(true);
  }, SYNTH_TIMEOUT_MS);
});
