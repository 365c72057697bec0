import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ZodError } from 'zod';
import { checkThemeContrast } from '#app/lib/config/contrast';
import { themeSchema, type Theme } from '#app/lib/config/theme';
import { REQUIRED_PAGES } from '#app/lib/config/content';
import { tenantSchema, type Tenant, type TenantId } from '#app/lib/config/tenant';
import { homeAssetFields } from '#app/lib/config/home';

export interface ConfigProblem {
  file: string;
  field: string;
  message: string;
}

export interface Registry {
  tenants: Map<string, Tenant>;
  themes: Map<string, Theme>;
  /** Exact custom domain → tenant id. */
  domains: Map<string, string>;
  /** The folder holding tenants/<id>/ (content, assets) and templates/. */
  rootDir: string;
  /** The published version served (server/registry, docs/decisions/0075); absent when read from files. */
  version?: number;
}

function zodProblems(file: string, error: ZodError): ConfigProblem[] {
  return error.issues.map((issue) => ({ file, field: issue.path.join('.'), message: issue.message }));
}

function readJson(file: string, problems: ConfigProblem[], rel: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    problems.push({ file: rel, field: '', message: `not valid JSON: ${(e as Error).message}` });
    return undefined;
  }
}

/**
 * Reads and validates every tenant and theme under rootDir. Returns the registry and the
 * problems found; a registry with problems must not serve traffic.
 */
export function loadRegistry(rootDir: string): { registry: Registry; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const rel = (p: string) => relative(rootDir, p) || p;
  const themes = new Map<string, Theme>();
  const tenants = new Map<string, Tenant>();
  const domains = new Map<string, string>();

  const themesDir = join(rootDir, 'themes');
  for (const name of existsSync(themesDir) ? readdirSync(themesDir).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')) : []) {
    const file = join(themesDir, name);
    const raw = readJson(file, problems, rel(file));
    if (raw === undefined) continue;
    const parsed = themeSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(rel(file), parsed.error));
      continue;
    }
    if (`${parsed.data.id}.json` !== name) {
      problems.push({ file: rel(file), field: 'id', message: `id "${parsed.data.id}" must match the file name` });
    }
    for (const p of checkThemeContrast(parsed.data)) problems.push({ file: rel(file), field: p.path, message: p.message });
    themes.set(parsed.data.id, parsed.data);
  }

  const tenantsDir = join(rootDir, 'tenants');
  const tenantDirs = readdirSync(tenantsDir).filter((d) => statSync(join(tenantsDir, d)).isDirectory());
  for (const dir of tenantDirs) {
    const file = join(tenantsDir, dir, 'tenant.json');
    if (!existsSync(file)) {
      problems.push({ file: rel(file), field: '', message: 'missing tenant.json' });
      continue;
    }
    const raw = readJson(file, problems, rel(file));
    if (raw === undefined) continue;
    const parsed = tenantSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(rel(file), parsed.error));
      continue;
    }
    const tenant = parsed.data;
    const f = rel(file);
    if (tenant.id !== dir) problems.push({ file: f, field: 'id', message: `id "${tenant.id}" must match its folder "${dir}"` });
    if (!themes.has(tenant.themeId)) {
      problems.push({ file: f, field: 'themeId', message: `unknown theme "${tenant.themeId}" (no themes/${tenant.themeId}.json)` });
    }
    tenant.domains.forEach((domain, i) => {
      const owner = domains.get(domain);
      if (owner && owner !== tenant.id) {
        problems.push({ file: f, field: `domains.${i}`, message: `domain ${domain} is already used by tenant "${owner}"` });
      } else domains.set(domain, tenant.id);
    });
    const assets = join(tenantsDir, dir, 'assets');
    const assetFields: Array<[string, string | undefined]> = [
      ['logo.src', tenant.logo.src],
      ['favicon', tenant.favicon],
      ['seo.ogImage', tenant.seo.ogImage],
      ...tenant.partners.map((p, i) => [`partners.${i}.logo`, p.logo] as [string, string | undefined]),
      ...homeAssetFields(tenant.home),
    ];
    for (const [field, asset] of assetFields) {
      if (asset && !existsSync(join(assets, asset))) {
        problems.push({ file: f, field, message: `asset not found: ${rel(join(assets, asset))}` });
      }
    }
    for (const lang of tenant.languages.supported) {
      for (const page of REQUIRED_PAGES) {
        const md = join(tenantsDir, dir, 'content', lang, `${page}.md`);
        if (!existsSync(md)) problems.push({ file: f, field: `languages.supported`, message: `missing content ${rel(md)}` });
      }
    }
    tenants.set(tenant.id, tenant);
  }
  return { registry: { tenants, themes, domains, rootDir }, problems };
}

/**
 * Finds the tenant for a Host header: exact custom domain, then <slug>.<root domain>,
 * then <slug>.localhost. Returns undefined for any other host.
 */
export function resolveTenant(registry: Registry, hostHeader: string | undefined, rootDomain: string): Tenant | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const exact = registry.domains.get(host);
  if (exact) return registry.tenants.get(exact);
  for (const suffix of [`.${rootDomain.toLowerCase()}`, '.localhost']) {
    if (host.endsWith(suffix)) {
      const slug = host.slice(0, -suffix.length);
      if (!slug.includes('.')) return registry.tenants.get(slug);
    }
  }
  return undefined;
}

/**
 * The TenantId of a configured tenant named by its id (scripts and benchmarks name tenants by id,
 * requests by host: resolveTenant); throws for an id the registry does not hold.
 */
export function tenantIdOf(registry: Registry, id: string): TenantId {
  const tenant = registry.tenants.get(id);
  if (!tenant) throw new Error(`unknown tenant "${id}": no tenants/${id}/tenant.json`);
  return tenant.id;
}
