/**
 * `npm run tenants:publish` (docs/decisions/0075): checks the tenant files tenant by tenant and
 * publishes a new version of the registry to the shared store. A tenant whose files fail a check is
 * refused: the version keeps its last published bundle (or leaves it out if it never had one), so
 * one broken tenant never holds back the others. Problems outside any tenant (themes, templates)
 * refuse the whole publish.
 */
import type { ConfigProblem } from '#server/config/registry.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { advanceRegistryPointer, readRegistryPointer } from './data/pointer.server';
import { buildSnapshot, schemaFingerprint, sha256, type TenantBundle } from './snapshot.server';
import { deployedIdentities, fillIdentity, type DeployedIdentity, type IdentityOverride, type StackOutputsSource } from './stackOutputs.server';
import {
  getRegistryObject,
  putRegistryObject,
  REGISTRY_FORMAT,
  registryObjectExists,
  templatesKey,
  tenantBundleKey,
  versionKey,
  type PublishedTenant,
  type PublishedVersion,
} from './store.server';

export interface PublishDeps {
  db: Database;
  storage: Storage;
  /** Tells running instances a version is out (Redis); they also poll, so a lost notice only delays it. */
  notify?: (version: number) => Promise<void>;
  now?: () => Date;
}

export interface PublishResult {
  /** The version now current (unchanged when nothing differed from it). */
  version: number;
  /** Whether this run made a new version. */
  created: boolean;
  /** Tenants new or changed in this version. */
  changed: string[];
  /** Tenants in the previous version that are gone from the files. */
  removed: string[];
  /** Tenants whose files failed a check, with the problems. */
  refused: Map<string, ConfigProblem[]>;
  /** Refused tenants that keep serving their last published version. */
  keptLastGood: string[];
  /** Tenants in the version. */
  tenants: number;
  /** Identity fields whose tenant.json value won over a different deployed one (stack outputs). */
  identityOverrides: IdentityOverride[];
}

export interface PublishOptions {
  /** `cdk deploy --outputs-file`: every published tenant's pool, client and hosted domain. */
  stackOutputs?: StackOutputsSource;
}

export class PublishRefused extends Error {
  constructor(
    readonly problems: ConfigProblem[],
    reason = `${problems.length} problem(s) outside any tenant`,
  ) {
    super(`the registry was not published: ${reason}`);
    this.name = 'PublishRefused';
  }
}

/**
 * The bundle with its identity filled in. Its hash covers what was filled, so new pool ids make a
 * new version (instances reuse a tenant whose hash is unchanged without reading its config).
 */
function withIdentity(bundle: TenantBundle, deployed: DeployedIdentity | undefined, previous: PublishedTenant | undefined) {
  const { config, overrides } = fillIdentity(bundle.config, deployed, previous?.config);
  const hash = config === bundle.config ? bundle.hash : sha256(`${bundle.hash}\n${JSON.stringify(config.identity)}`);
  return { bundle: { ...bundle, config, hash }, overrides };
}

/** How far back a publish looks for a version it can read when the current one cannot be (it never served). */
const LOOK_BACK = 10;

/** The newest version at or below `version` whose document reads as this code's format: what refused tenants keep. */
async function lastReadableVersion(storage: Storage, version: number): Promise<PublishedVersion | null> {
  for (let v = version; v > 0 && v > version - LOOK_BACK; v--) {
    const doc = await getRegistryObject<PublishedVersion>(storage, versionKey(v)).catch(() => null);
    if (doc?.format === REGISTRY_FORMAT && Array.isArray(doc.tenants)) return doc;
  }
  return null;
}

export async function publishRegistry(deps: PublishDeps, rootDir: string, rootDomain: string, options: PublishOptions = {}): Promise<PublishResult> {
  const snapshot = buildSnapshot(rootDir, rootDomain);
  if (snapshot.sharedProblems.length) throw new PublishRefused(snapshot.sharedProblems);
  // Checked before anything is written: a missing tenant means the outputs are not this deployment's.
  const deployed = options.stackOutputs ? deployedIdentities(options.stackOutputs, snapshot.tenants.map((b) => b.config)) : null;
  if (deployed?.problems.length) {
    throw new PublishRefused(deployed.problems, `${options.stackOutputs!.file} does not have every tenant's user pool`);
  }

  const pointer = await readRegistryPointer(deps.db);
  const previous = pointer ? await lastReadableVersion(deps.storage, pointer.version) : null;
  const before = new Map(previous?.tenants.map((t) => [t.id, t]) ?? []);

  const tenants: PublishedTenant[] = [];
  const changed: string[] = [];
  const identityOverrides: IdentityOverride[] = [];
  for (const fromFiles of snapshot.tenants) {
    const { bundle, overrides } = withIdentity(fromFiles, deployed?.identities.get(fromFiles.id), before.get(fromFiles.id));
    identityOverrides.push(...overrides);
    if (before.get(bundle.id)?.hash !== bundle.hash) {
      const key = tenantBundleKey(bundle.id, bundle.hash);
      if (!(await registryObjectExists(deps.storage, key))) await putRegistryObject(deps.storage, key, { files: bundle.files });
      changed.push(bundle.id);
    }
    tenants.push({ id: bundle.id, hash: bundle.hash, config: bundle.config });
  }
  const keptLastGood: string[] = [];
  for (const id of snapshot.refused.keys()) {
    const lastGood = before.get(id);
    if (lastGood) {
      tenants.push(lastGood);
      keptLastGood.push(id);
    }
  }
  tenants.sort((a, b) => a.id.localeCompare(b.id));
  const present = new Set(tenants.map((t) => t.id));
  const removed = [...before.keys()].filter((id) => !present.has(id));

  const templates = snapshot.shared.hash;
  if (!(await registryObjectExists(deps.storage, templatesKey(templates)))) await putRegistryObject(deps.storage, templatesKey(templates), { files: snapshot.shared.files });

  const schema = schemaFingerprint();
  // The shared hash covers the themes as well as the templates.
  const unchanged = previous && previous.version === pointer?.version && !changed.length && !removed.length && previous.templates === templates && previous.schema === schema;
  const result = { changed, removed, refused: snapshot.refused, keptLastGood, tenants: tenants.length, identityOverrides };
  if (pointer && unchanged) return { ...result, version: pointer.version, created: false };

  const version = (pointer?.version ?? 0) + 1;
  const publishedAt = (deps.now?.() ?? new Date()).toISOString();
  const doc: PublishedVersion = { format: REGISTRY_FORMAT, version, publishedAt, schema, themes: snapshot.shared.themes, templates, tenants };
  await putRegistryObject(deps.storage, versionKey(version), doc);
  if (!(await advanceRegistryPointer(deps.db, { version, publishedAt }, pointer?.version ?? null))) {
    throw new Error(`another publish made version ${version} first; run tenants:publish again`);
  }
  await deps.notify?.(version);
  return { ...result, version, created: true };
}
