/**
 * Validates every tenant and theme the platform would serve: the registry (schemas, hosts, themes,
 * assets, contrast, content files) plus content front-matter, legal templates per language,
 * template variables and stale JSON Schemas. Used by `npm run tenants:check` and at server boot.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import matter from 'gray-matter';
import { COLLECTIONS, REQUIRED_PAGES, TEMPLATE_PAGES, type Collection } from '#app/lib/config/content';
import { loadRegistry, type ConfigProblem, type Registry } from './registry.server';
import type { Tenant } from '#app/lib/config/tenant';
import { homeAssetFields } from '#app/lib/config/home';
import { staleSchemaFiles } from './schemaFiles';
import { CATALOGUE_REGISTERS } from '#app/lib/i18n/register';

/** Names content may use as {{name}}; see templateVariables() in server/site/content.server.ts. */
export const TEMPLATE_VARIABLES = ['companyName', 'displayName', 'contactEmail', 'domain', 'jurisdiction', 'effectiveDate'] as const;

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface CheckOptions {
  /** The platform root domain tenants are also served under (<id>.<rootDomain>). */
  rootDomain?: string;
  /** Compare the committed JSON Schemas with the zod schemas (an editing aid; skipped at boot). */
  schemaFiles?: boolean;
}

export interface CheckResult {
  problems: ConfigProblem[];
  registry: Registry | null;
}

type Meta = Record<string, unknown>;

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function isoDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Reads a markdown file's front-matter and body, reporting unreadable YAML instead of throwing. */
function readMarkdown(file: string, rel: string, problems: ConfigProblem[]): { meta: Meta; body: string } | null {
  try {
    const { data, content } = matter(readFileSync(file, 'utf8'));
    return { meta: data as Meta, body: content };
  } catch (e) {
    problems.push({ file: rel, field: '(front-matter)', message: `cannot be read: ${(e as Error).message.split('\n')[0]}` });
    return null;
  }
}

function checkVariables(text: string, rel: string, problems: ConfigProblem[]) {
  const known = new Set<string>(TEMPLATE_VARIABLES);
  for (const match of text.matchAll(/\{\{\s*([^}\s]*)\s*\}\}/g)) {
    if (!known.has(match[1])) {
      problems.push({
        file: rel,
        field: `{{${match[1]}}}`,
        message: `unknown template variable; use one of ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
      });
    }
  }
}

function requireText(meta: Meta, field: string, rel: string, problems: ConfigProblem[]) {
  if (!nonEmptyString(meta[field])) problems.push({ file: rel, field, message: 'front-matter must set a non-empty text' });
}

function checkCta(meta: Meta, field: string, rel: string, problems: ConfigProblem[]) {
  const value = meta[field];
  if (value === undefined) return;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ file: rel, field, message: 'must be an object with label and to' });
    return;
  }
  const cta = value as Meta;
  if (!nonEmptyString(cta.label)) problems.push({ file: rel, field: `${field}.label`, message: 'must be a non-empty text' });
  if (typeof cta.to !== 'string' || !cta.to.startsWith('/') || cta.to.startsWith('//')) {
    problems.push({ file: rel, field: `${field}.to`, message: 'must be a path on this site starting with "/", such as /requestInfo?topic=demo' });
  }
}

function checkPage(file: string, page: string, rel: string, problems: ConfigProblem[]) {
  const md = readMarkdown(file, rel, problems);
  if (!md) return;
  requireText(md.meta, 'title', rel, problems);
  requireText(md.meta, 'description', rel, problems);
  checkVariables(`${JSON.stringify(md.meta)}\n${md.body}`, rel, problems);
  if (page === 'home') {
    checkCta(md.meta, 'primaryCta', rel, problems);
    checkCta(md.meta, 'secondaryCta', rel, problems);
    if (md.meta.eyebrow !== undefined && !nonEmptyString(md.meta.eyebrow)) {
      problems.push({ file: rel, field: 'eyebrow', message: 'must be a non-empty text when set' });
    }
  }
  if (page === 'questions' && !/^## +\S/m.test(md.body)) {
    problems.push({ file: rel, field: '(body)', message: 'the FAQ needs at least one "## Question" heading followed by its answer' });
  }
  if (!md.body.trim()) problems.push({ file: rel, field: '(body)', message: 'page has no text below the front-matter' });
}

function checkArticle(file: string, collection: Collection, rel: string, problems: ConfigProblem[]) {
  const md = readMarkdown(file, rel, problems);
  if (!md) return;
  requireText(md.meta, 'title', rel, problems);
  requireText(md.meta, 'summary', rel, problems);
  requireText(md.meta, 'author', rel, problems);
  if (!isoDate(md.meta.date)) problems.push({ file: rel, field: 'date', message: 'must be a date written YYYY-MM-DD' });
  if (collection === 'jobs') {
    requireText(md.meta, 'location', rel, problems);
    requireText(md.meta, 'employmentType', rel, problems);
  }
  if (!md.body.trim()) problems.push({ file: rel, field: '(body)', message: 'article has no text below the front-matter' });
  checkVariables(`${JSON.stringify(md.meta)}\n${md.body}`, rel, problems);
}

function checkAssetFile(file: string, rel: string, field: string, tenantFile: string, problems: ConfigProblem[]) {
  if (!existsSync(file)) return; // reported by loadRegistry
  if (statSync(file).size === 0) {
    problems.push({ file: tenantFile, field, message: `asset is empty: ${rel}` });
    return;
  }
  if (file.endsWith('.svg')) {
    const text = readFileSync(file, 'utf8');
    if (!/<svg[\s>]/.test(text) || !/<\/svg>\s*$/.test(text)) {
      problems.push({ file: tenantFile, field, message: `not an SVG document: ${rel}` });
    } else if (/<script|\son\w+\s*=/i.test(text)) {
      problems.push({ file: tenantFile, field, message: `SVG must not contain scripts or event handlers: ${rel}` });
    }
  }
}

/** The tenant's register is the one the strings of each of its languages are written in (docs/decisions/0065). */
function checkRegister(tenant: Tenant, tenantFile: string, problems: ConfigProblem[]) {
  const register = tenant.languages.register;
  if (!register) return;
  for (const lang of tenant.languages.supported) {
    const written = CATALOGUE_REGISTERS[lang];
    if (written && written !== register) {
      problems.push({ file: tenantFile, field: 'languages.register', message: `the "${lang}" strings are written in the ${written} register; "${register}" would mix the two on one site` });
    }
  }
}

function checkTenantFiles(rootDir: string, tenant: Tenant, registry: Registry, rootDomain: string, problems: ConfigProblem[]) {
  const rel = (p: string) => relative(rootDir, p) || p;
  const dir = join(rootDir, 'tenants', tenant.id);
  const tenantFile = rel(join(dir, 'tenant.json'));
  const contentDir = join(dir, 'content');
  checkRegister(tenant, tenantFile, problems);

  // Custom domains must not repeat, nor shadow another tenant's platform sub-domain.
  const seen = new Set<string>();
  tenant.domains.forEach((domain, i) => {
    if (seen.has(domain)) problems.push({ file: tenantFile, field: `domains.${i}`, message: `domain ${domain} is listed twice` });
    seen.add(domain);
    for (const suffix of [`.${rootDomain}`, '.localhost']) {
      const slug = domain.endsWith(suffix) ? domain.slice(0, -suffix.length) : null;
      if (slug && !slug.includes('.') && slug !== tenant.id && registry.tenants.has(slug)) {
        problems.push({ file: tenantFile, field: `domains.${i}`, message: `domain ${domain} is the platform address of tenant "${slug}"` });
      }
    }
    if (domain === rootDomain) problems.push({ file: tenantFile, field: `domains.${i}`, message: `domain ${domain} is the platform root domain` });
  });

  const assets = join(dir, 'assets');
  const assetFields: Array<[string, string | undefined]> = [
    ['logo.src', tenant.logo.src],
    ['favicon', tenant.favicon],
    ['seo.ogImage', tenant.seo.ogImage],
    ...tenant.partners.map((p, i): [string, string | undefined] => [`partners.${i}.logo`, p.logo]),
    ...homeAssetFields(tenant.home),
  ];
  for (const [field, asset] of assetFields) {
    if (asset) checkAssetFile(join(assets, asset), rel(join(assets, asset)), field, tenantFile, problems);
  }

  for (const lang of tenant.languages.supported) {
    for (const page of REQUIRED_PAGES) {
      const file = join(contentDir, lang, `${page}.md`);
      if (existsSync(file)) checkPage(file, page, rel(file), problems); // a missing page is reported by loadRegistry
    }
    for (const page of TEMPLATE_PAGES) {
      const own = join(contentDir, lang, `${page}.md`);
      const shared = join(rootDir, 'templates', lang, `${page}.md`);
      if (existsSync(own)) checkPage(own, page, rel(own), problems);
      else if (!existsSync(shared)) {
        problems.push({
          file: tenantFile,
          field: 'languages.supported',
          message: `no ${page} page in "${lang}": add ${rel(shared)} or ${rel(own)}`,
        });
      }
    }
    for (const collection of COLLECTIONS) {
      const folder = join(contentDir, lang, collection);
      if (!tenant.features[collection] || !existsSync(folder)) continue;
      for (const name of readdirSync(folder)) {
        const file = join(folder, name);
        if (!name.endsWith('.md') || statSync(file).isDirectory()) continue;
        if (!SLUG.test(name.slice(0, -3))) {
          problems.push({ file: rel(file), field: '(file name)', message: 'must be a lower-case slug such as my-first-post.md, or it is never listed' });
          continue;
        }
        checkArticle(file, collection, rel(file), problems);
      }
    }
  }
}

function checkTemplates(rootDir: string, problems: ConfigProblem[]) {
  const templatesDir = join(rootDir, 'templates');
  if (!existsSync(templatesDir)) return;
  for (const lang of readdirSync(templatesDir)) {
    const dir = join(templatesDir, lang);
    if (!statSync(dir).isDirectory()) continue;
    for (const page of TEMPLATE_PAGES) {
      const file = join(dir, `${page}.md`);
      if (existsSync(file)) checkPage(file, page, relative(rootDir, file), problems);
    }
  }
}

/** Runs every check against the configuration under rootDir. */
export function checkConfig(rootDir: string, options: CheckOptions = {}): CheckResult {
  const rootDomain = (options.rootDomain ?? process.env.PLATFORM_ROOT_DOMAIN ?? 'events.localhost').toLowerCase();
  if (!existsSync(join(rootDir, 'tenants'))) {
    return { problems: [{ file: 'tenants', field: '', message: `no tenants/ folder under ${rootDir}` }], registry: null };
  }
  const { registry, problems } = loadRegistry(rootDir);
  for (const stale of options.schemaFiles === false ? [] : staleSchemaFiles(rootDir)) {
    problems.push({
      file: stale.path,
      field: '',
      message: `JSON Schema is ${stale.reason} (it must match the zod schema); run \`npm run tenants:schema\``,
    });
  }
  for (const tenant of registry.tenants.values()) checkTenantFiles(rootDir, tenant, registry, rootDomain, problems);
  checkTemplates(rootDir, problems);
  return { problems, registry };
}

export function formatProblem(p: ConfigProblem): string {
  return `${p.file}: ${p.field || '(file)'}: ${p.message}`;
}

export function summary(registry: Registry, rootDomain: string): string[] {
  const lines = [
    `tenants:check OK: ${registry.tenants.size} tenant(s), ${registry.themes.size} theme(s), ${registry.domains.size} custom domain(s)`,
  ];
  for (const tenant of [...registry.tenants.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const langs = tenant.languages.supported.join(',');
    const def = tenant.languages.default ? `default ${tenant.languages.default}` : 'default from Accept-Language';
    const hosts = [...tenant.domains, `${tenant.id}.${rootDomain}`, `${tenant.id}.localhost`].join(', ');
    lines.push(`  ${tenant.id}: "${tenant.displayName}", theme ${tenant.themeId}, languages ${langs} (${def}), ${tenant.currency}, ${tenant.timeZone}`);
    lines.push(`    hosts: ${hosts}`);
  }
  const used = new Set([...registry.tenants.values()].map((t) => t.themeId));
  const unused = [...registry.themes.keys()].filter((id) => !used.has(id));
  lines.push(`  themes: ${[...registry.themes.keys()].sort().join(', ')}${unused.length ? ` (unused: ${unused.join(', ')})` : ''}`);
  return lines;
}

