/**
 * The registry an instance serves when it reads the published one (REGISTRY_SOURCE=store,
 * docs/decisions/0075). At boot it reads the current version (one object: every tenant's parsed
 * config), so 10,000 tenants start in about a second; a tenant's content and assets are fetched the
 * first time one of its requests arrives. A new version arrives by a Redis notice or, failing
 * that, by polling; it is read, checked and swapped in at once, and only the tenants it changed are
 * reported to the caches. A version that cannot be read or checked is refused and the one before
 * keeps serving; a tenant whose config fails the check keeps its last good config.
 */
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { tenantSchema, type Tenant } from '#app/lib/config/tenant';
import { themeSchema, type Theme } from '#app/lib/config/theme';
import type { Registry } from '#server/config/registry.server';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import type { Storage } from '#server/platform/storage.server';
import { log } from '#server/observability/log.server';
import { readRegistryPointer } from './data/pointer.server';
import { schemaFingerprint } from './snapshot.server';
import { getRegistryObject, REGISTRY_FORMAT, templatesKey, tenantBundleKey, versionKey, type FilesBundle, type PublishedTenant, type PublishedVersion } from './store.server';

/** The Redis channel `tenants:publish` announces a new version on. */
export const REGISTRY_CHANNEL = 'platform:registry:published';

export interface LiveRegistryOptions {
  db: Database;
  storage: Storage;
  /** Where bundles are unpacked on this machine. */
  cacheDir: string;
  redisUrl?: string;
  /** How often the current version is read when no notice came (the notice may be lost). */
  pollSeconds: number;
}

export type ChangeListener = (changedTenantIds: string[]) => void;

export class RegistryUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryUnavailable';
  }
}

/** The validated tenants of a version: config by id, and the ids whose config failed (kept from before or left out). */
function checkedTenants(doc: PublishedVersion, trusted: boolean, before: Registry | null, hashesBefore: Map<string, string>) {
  const tenants = new Map<string, Tenant>();
  const refused: string[] = [];
  for (const entry of doc.tenants) {
    if (trusted && hashesBefore.get(entry.id) === entry.hash && before?.tenants.has(entry.id)) {
      tenants.set(entry.id, before.tenants.get(entry.id)!);
      continue;
    }
    const parsed = trusted && !before ? { success: true as const, data: entry.config } : tenantSchema.safeParse(entry.config);
    if (parsed.success && parsed.data.id === entry.id) tenants.set(entry.id, parsed.data);
    else {
      refused.push(entry.id);
      const lastGood = before?.tenants.get(entry.id);
      if (lastGood) tenants.set(entry.id, lastGood);
    }
  }
  return { tenants, refused };
}

function domainIndex(tenants: Map<string, Tenant>): Map<string, string> {
  const domains = new Map<string, string>();
  for (const tenant of tenants.values()) for (const domain of tenant.domains) if (!domains.has(domain)) domains.set(domain, tenant.id);
  return domains;
}

/** Writes a bundle's files under `dir` as one step: into a fresh folder, then renamed into place. */
function unpack(dir: string, bundle: FilesBundle) {
  if (existsSync(dir)) return;
  const temp = `${dir}.tmp-${randomUUID()}`;
  for (const [path, data] of Object.entries(bundle.files)) {
    if (path.split('/').some((part) => part === '..' || part === '')) continue;
    const file = join(temp, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }
  mkdirSync(temp, { recursive: true });
  mkdirSync(dirname(dir), { recursive: true });
  try {
    renameSync(temp, dir);
  } catch (e) {
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(dir)) throw e;
  }
}

export class LiveRegistry {
  /** The object every request reads; its fields are replaced together when a version is swapped in. */
  readonly registry: Registry;
  private published: PublishedVersion;
  private hashes: Map<string, string>;
  private listeners: ChangeListener[] = [];
  private fetching = new Map<string, Promise<void>>();
  private present = new Set<string>();
  private refusedVersion = 0;
  private refreshing: Promise<unknown> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private subscriber: Redis | undefined;

  private constructor(
    private readonly options: LiveRegistryOptions,
    doc: PublishedVersion,
    registry: Registry,
  ) {
    this.published = doc;
    this.registry = registry;
    this.hashes = new Map(doc.tenants.map((t) => [t.id, t.hash]));
  }

  /** Reads the current version; throws RegistryUnavailable when none was published or it cannot be read. */
  static async boot(options: LiveRegistryOptions): Promise<LiveRegistry> {
    const pointer = await readRegistryPointer(options.db);
    if (!pointer) throw new RegistryUnavailable('no registry has been published to this store: run `npm run tenants:publish`');
    const doc = await LiveRegistry.read(options, pointer.version);
    const built = await LiveRegistry.build(options, doc, null, new Map());
    for (const id of built.refused) log.error(`registry: tenant "${id}" of version ${doc.version} failed its check and is not served`);
    return new LiveRegistry(options, doc, built.registry);
  }

  private static async read(options: LiveRegistryOptions, version: number): Promise<PublishedVersion> {
    const doc = await getRegistryObject<PublishedVersion>(options.storage, versionKey(version));
    if (doc.format !== REGISTRY_FORMAT || doc.version !== version || !Array.isArray(doc.tenants) || !Array.isArray(doc.themes)) {
      throw new RegistryUnavailable(`registry version ${version} is not in a format this server reads`);
    }
    return doc;
  }

  /** A whole registry for `doc`: checked configs, the domain index and a folder of links to each tenant's files. */
  private static async build(options: LiveRegistryOptions, doc: PublishedVersion, before: Registry | null, hashesBefore: Map<string, string>) {
    const trusted = doc.schema === schemaFingerprint();
    const themes = new Map<string, Theme>();
    for (const theme of doc.themes) {
      const parsed = trusted ? { success: true as const, data: theme } : themeSchema.safeParse(theme);
      if (!parsed.success) throw new RegistryUnavailable(`registry version ${doc.version}: theme "${theme.id}" fails its check`);
      themes.set(parsed.data.id, parsed.data);
    }
    const { tenants, refused } = checkedTenants(doc, trusted, before, hashesBefore);
    const templates = join(options.cacheDir, 'templates', doc.templates);
    unpack(templates, await getRegistryObject<FilesBundle>(options.storage, templatesKey(doc.templates)));
    const root = join(options.cacheDir, 'roots', `${doc.version}-${randomUUID().slice(0, 8)}`);
    mkdirSync(join(root, 'tenants'), { recursive: true });
    symlinkSync(templates, join(root, 'templates'));
    for (const entry of doc.tenants) symlinkSync(join(options.cacheDir, 'bundles', entry.id, entry.hash), join(root, 'tenants', entry.id));
    const registry: Registry = { tenants, themes, domains: domainIndex(tenants), rootDir: root, version: doc.version };
    return { registry, refused };
  }

  /** Resolves once the tenant's content and assets are on this machine; null when they already are (no wait). */
  tenantFilesReady(tenantId: string): Promise<void> | null {
    const hash = this.hashes.get(tenantId);
    if (!hash) return null;
    const key = `${tenantId}/${hash}`;
    if (this.present.has(key)) return null;
    let pending = this.fetching.get(key);
    if (!pending) {
      const dir = join(this.options.cacheDir, 'bundles', tenantId, hash);
      pending = (existsSync(dir) ? Promise.resolve() : getRegistryObject<FilesBundle>(this.options.storage, tenantBundleKey(tenantId, hash)).then((bundle) => unpack(dir, bundle)))
        .then(() => void this.present.add(key))
        .finally(() => this.fetching.delete(key));
      this.fetching.set(key, pending);
    }
    return pending;
  }

  onChange(listener: ChangeListener) {
    this.listeners.push(listener);
  }

  /** Swaps in the current version if it is newer. Concurrent calls share one read; a call during one runs again after it. */
  refresh(): Promise<unknown> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = this.refreshOnce()
      .catch((e) => log.error(`registry: could not read the published registry: ${(e as Error).message}`))
      .finally(() => {
        this.refreshing = null;
        if (this.again) {
          this.again = false;
          void this.refresh();
        }
      });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<void> {
    const pointer = await readRegistryPointer(this.options.db);
    if (!pointer || pointer.version <= this.published.version || pointer.version === this.refusedVersion) return;
    let doc: PublishedVersion;
    let built: Awaited<ReturnType<typeof LiveRegistry.build>>;
    try {
      doc = await LiveRegistry.read(this.options, pointer.version);
      built = await LiveRegistry.build(this.options, doc, this.registry, this.hashes);
    } catch (e) {
      if (!(e instanceof RegistryUnavailable)) throw e;
      this.refusedVersion = pointer.version;
      log.error(`registry: version ${pointer.version} refused, version ${this.published.version} keeps serving: ${e.message}`);
      return;
    }
    for (const id of built.refused) log.error(`registry: tenant "${id}" of version ${doc.version} failed its check; its last good config keeps serving`);
    // Themes and templates are shared: when they change, every tenant's pages may.
    const sharedChanged = doc.templates !== this.published.templates;
    const changed = sharedChanged ? [...new Set([...this.published.tenants, ...doc.tenants].map((t) => t.id))] : changedTenants(this.published.tenants, doc.tenants);
    const oldRoot = this.registry.rootDir;
    // One synchronous step: no request sees half of one version and half of the next.
    Object.assign(this.registry, built.registry);
    this.published = doc;
    this.hashes = new Map(doc.tenants.map((t) => [t.id, t.hash]));
    log.info(`registry: version ${doc.version} serving (${changed.length} tenant(s) changed)`);
    for (const listener of this.listeners) listener(changed);
    // The previous root stays a while for requests still reading through it.
    setTimeout(() => rmSync(oldRoot, { recursive: true, force: true }), 60_000).unref();
  }

  /** Listens for notices and polls; both call refresh(). */
  start() {
    this.timer = setInterval(() => void this.refresh(), this.options.pollSeconds * 1000);
    this.timer.unref();
    if (this.options.redisUrl) {
      this.subscriber = new Redis(this.options.redisUrl, { connectionName: 'registry-notices', maxRetriesPerRequest: null });
      this.subscriber.on('error', () => undefined);
      this.subscriber.on('message', () => void this.refresh());
      // A notice sent while disconnected is missed: read the current version on every (re)connect.
      this.subscriber.on('ready', () => void this.refresh());
      void this.subscriber.subscribe(REGISTRY_CHANNEL).catch(() => undefined);
    }
  }

  async stop() {
    clearInterval(this.timer);
    this.subscriber?.disconnect();
    await this.refreshing;
  }
}

/** Ids added, removed, or whose bundle hash differs between two versions. */
export function changedTenants(before: PublishedTenant[], after: PublishedTenant[]): string[] {
  const old = new Map(before.map((t) => [t.id, t.hash]));
  const changed = after.filter((t) => old.get(t.id) !== t.hash).map((t) => t.id);
  const now = new Set(after.map((t) => t.id));
  return [...changed, ...before.filter((t) => !now.has(t.id)).map((t) => t.id)];
}
