/**
 * The deployment's user pools in the published registry (README, Deploying): `cdk deploy --all
 * --outputs-file cdk-outputs.json` writes each stack's outputs, and `npm run tenants:publish --
 * --stack-outputs cdk-outputs.json` fills every tenant's identity from them. The CDK app names its
 * outputs with identityOutputKey (deploy/lib/identity.ts), so the two sides cannot drift.
 *
 * Which value a published tenant gets, field by field: its tenant.json (an operator's deliberate
 * choice, such as a pool made outside this deployment), else the stack outputs, else the version
 * published before (same region), so a publish without an outputs file never loses the ids.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { hostNameSchema, type Tenant, type TenantIdentity } from '#app/lib/config/tenant';
import type { ConfigProblem } from '#server/config/registry.server';

/** The identity fields the deployment knows, and the suffix of their output names. */
export const IDENTITY_OUTPUTS = { userPoolId: 'UserPoolId', appClientId: 'AppClientId', hostedSignInDomain: 'HostedSignInDomain' } as const;
export type DeployedField = keyof typeof IDENTITY_OUTPUTS;
const FIELDS = Object.keys(IDENTITY_OUTPUTS) as DeployedField[];

export type DeployedIdentity = Partial<Pick<TenantIdentity, DeployedField>>;

/**
 * A tenant's output name, e.g. TenantauroraUserPoolId. CloudFormation output names are
 * alphanumeric; tenant ids are lower case, so "Dash" spells a dash without any two ids meeting
 * (acme-events: TenantacmeDasheventsUserPoolId).
 */
export function identityOutputKey(tenantId: string, field: DeployedField): string {
  return `Tenant${tenantId.replaceAll('-', 'Dash')}${IDENTITY_OUTPUTS[field]}`;
}

/** `cdk deploy --outputs-file`: output values by output name, by stack name. */
export type StackOutputs = Record<string, Record<string, string>>;
const stackOutputsSchema = z.record(z.string(), z.record(z.string(), z.string()));

export function parseStackOutputs(text: string, file: string): StackOutputs {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not JSON (${(e as Error).message}): pass the file \`cdk deploy --outputs-file\` wrote`);
  }
  const parsed = stackOutputsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a \`cdk deploy --outputs-file\` file: expected {"<stack>": {"<output>": "<value>"}}`);
  return parsed.data;
}

export function readStackOutputs(file: string): StackOutputs {
  return parseStackOutputs(readFileSync(file, 'utf8'), file);
}

/** Where the outputs came from, for the problems' file names. */
export interface StackOutputsSource {
  file: string;
  outputs: StackOutputs;
}

/**
 * Each tenant's deployed pool, or the problems that refuse the publish: a tenant without its pool
 * and app client outputs (not deployed yet, or the outputs of another deployment), one whose
 * social providers have no hosted sign-in domain, a pool in another region than its
 * identity.region, or an output two stacks disagree on.
 */
export function deployedIdentities(source: StackOutputsSource, tenants: Tenant[]): { identities: Map<string, DeployedIdentity>; problems: ConfigProblem[] } {
  const identities = new Map<string, DeployedIdentity>();
  const problems: ConfigProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ file: source.file, field, message });
  for (const tenant of tenants) {
    const deployed: DeployedIdentity = {};
    for (const field of FIELDS) {
      const key = identityOutputKey(tenant.id, field);
      const values = new Set(Object.values(source.outputs).flatMap((stack) => (key in stack ? [stack[key]] : [])));
      if (values.size > 1) problem(key, `stacks disagree on tenant "${tenant.id}": ${[...values].join(', ')}`);
      else if (values.size === 1) deployed[field] = [...values][0];
    }
    const missing = (['userPoolId', 'appClientId'] as const).filter((f) => !deployed[f]).map((f) => identityOutputKey(tenant.id, f));
    if (missing.length) {
      problem(missing.join(', '), `tenant "${tenant.id}" has no user pool in the stack outputs: deploy it (npx cdk deploy --all --outputs-file …) and pass that file`);
      continue;
    }
    const poolRegion = deployed.userPoolId!.split('_')[0];
    if (poolRegion !== tenant.identity.region) {
      problem(identityOutputKey(tenant.id, 'userPoolId'), `tenant "${tenant.id}": the pool ${deployed.userPoolId} is in ${poolRegion}, its identity.region is ${tenant.identity.region}`);
    }
    if (deployed.hostedSignInDomain && !hostNameSchema.safeParse(deployed.hostedSignInDomain).success) {
      problem(identityOutputKey(tenant.id, 'hostedSignInDomain'), `tenant "${tenant.id}": "${deployed.hostedSignInDomain}" is not a host name`);
    }
    if (tenant.signIn.socialProviders.length && !deployed.hostedSignInDomain && !tenant.identity.hostedSignInDomain) {
      problem(identityOutputKey(tenant.id, 'hostedSignInDomain'), `tenant "${tenant.id}" lists social providers but has no hosted sign-in domain in the stack outputs`);
    }
    identities.set(tenant.id, deployed);
  }
  return { identities, problems };
}

/** A field whose tenant.json value won over a different deployed one. */
export interface IdentityOverride {
  tenant: string;
  field: DeployedField;
  fromFiles: string;
  deployed: string;
}

/**
 * The tenant with the deployed fields its tenant.json leaves out filled in: from the stack
 * outputs, else from its previously published config when that names the same region.
 */
export function fillIdentity(config: Tenant, deployed: DeployedIdentity | undefined, previous: Tenant | undefined): { config: Tenant; overrides: IdentityOverride[] } {
  const carried = previous?.identity.region === config.identity.region ? previous.identity : undefined;
  const identity = { ...config.identity };
  const overrides: IdentityOverride[] = [];
  for (const field of FIELDS) {
    const own = config.identity[field];
    const value = own ?? deployed?.[field] ?? carried?.[field];
    if (value !== undefined) identity[field] = value;
    if (own !== undefined && deployed?.[field] !== undefined && own !== deployed[field]) overrides.push({ tenant: config.id, field, fromFiles: own, deployed: deployed[field] });
  }
  return { config: FIELDS.some((f) => identity[f] !== config.identity[f]) ? { ...config, identity } : config, overrides };
}
