/**
 * The registry as it is published (docs/decisions/0075): the tenant files checked tenant by tenant,
 * each valid tenant packed into a bundle (its parsed tenant.json, content and assets) named by the
 * hash of what it holds, and the parts every tenant shares (themes, legal templates).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkConfig } from '#server/config/check.server';
import type { ConfigProblem } from '#server/config/registry.server';
import { generateSchemaFiles } from '#server/config/schemaFiles';
import type { Tenant } from '#app/lib/config/tenant';
import type { Theme } from '#app/lib/config/theme';

/** Files under a folder, by path relative to it with forward slashes, as base64. */
export type Files = Record<string, string>;

export interface TenantBundle {
  id: string;
  /** sha256 of the config and files: unchanged tenants keep their hash from version to version. */
  hash: string;
  config: Tenant;
  /** content/** and assets/** of tenants/<id>/. */
  files: Files;
}

export interface SharedBundle {
  hash: string;
  themes: Theme[];
  /** templates/** (the legal templates every tenant may use). */
  files: Files;
}

export interface BuiltSnapshot {
  tenants: TenantBundle[];
  /** Tenants whose files failed a check, with what failed: they are not published. */
  refused: Map<string, ConfigProblem[]>;
  shared: SharedBundle;
  /** Problems outside any tenant (themes, templates, schemas): nothing may be published. */
  sharedProblems: ConfigProblem[];
}

/**
 * Fingerprint of the tenant and theme schemas this code validates with. A published version made
 * under the same schemas is trusted as it stands; any other is validated again before it serves.
 */
let fingerprint: string | undefined;
export function schemaFingerprint(): string {
  fingerprint ??= sha256(generateSchemaFiles().map((file) => file.content).join('\n'));
  return fingerprint;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function readFolder(dir: string): Files {
  const files: Files = {};
  if (!existsSync(dir)) return files;
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path).split(sep).join('/')] = readFileSync(path).toString('base64');
    }
  };
  walk(dir);
  return files;
}

/** The tenant a problem belongs to, by its file (tenants/<id>/…), or null for a shared file. */
function problemTenant(problem: ConfigProblem): string | null {
  const match = /^tenants\/([^/]+)\//.exec(problem.file.split(sep).join('/'));
  return match ? match[1] : null;
}

/** Reads and checks every tenant under rootDir (the same checks as `npm run tenants:check`). */
export function buildSnapshot(rootDir: string, rootDomain: string): BuiltSnapshot {
  const { registry, problems } = checkConfig(rootDir, { rootDomain, schemaFiles: false });
  const refused = new Map<string, ConfigProblem[]>();
  const sharedProblems: ConfigProblem[] = [];
  for (const problem of problems) {
    const id = problemTenant(problem);
    if (id === null) sharedProblems.push(problem);
    else refused.set(id, [...(refused.get(id) ?? []), problem]);
  }
  const tenants: TenantBundle[] = [];
  for (const config of registry?.tenants.values() ?? []) {
    if (refused.has(config.id)) continue;
    const dir = join(rootDir, 'tenants', config.id);
    const files = { ...prefixed('content/', readFolder(join(dir, 'content'))), ...prefixed('assets/', readFolder(join(dir, 'assets'))) };
    tenants.push({ id: config.id, config, files, hash: sha256(JSON.stringify({ config, files })) });
  }
  const themes = [...(registry?.themes.values() ?? [])].sort((a, b) => a.id.localeCompare(b.id));
  const sharedFiles = readFolder(join(rootDir, 'templates'));
  return {
    tenants: tenants.sort((a, b) => a.id.localeCompare(b.id)),
    refused,
    sharedProblems,
    shared: { themes, files: sharedFiles, hash: sha256(JSON.stringify({ themes, sharedFiles })) },
  };
}

function prefixed(prefix: string, files: Files): Files {
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [prefix + path, data]));
}
