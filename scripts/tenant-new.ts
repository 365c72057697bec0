/**
 * Scaffolds a new tenant so that `npm run tenants:check` passes straight away:
 *
 *   npm run tenant:new -- <id> --domain <host> [--name "Display Name"] [--theme <themeId>]
 *                         [--languages en,fr] [--currency EUR] [--time-zone Europe/Paris] [--root <dir>]
 *
 * Writes tenants/<id>/tenant.json, assets/logo.svg and favicon.svg drawn from the name and the
 * theme colours, and content/<lang>/ with every required page. Without --theme, a theme
 * themes/<id>.json is created from the first existing theme so the tenant can be restyled alone.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REQUIRED_PAGES } from '#app/lib/config/content';
import { loadRegistry } from '#server/config/registry.server';
import { hostNameSchema, languageSchema, PLATFORM_LANGUAGES, tenantSchema, type Language, type TenantInput } from '#app/lib/config/tenant';
import { contrastRatio } from '#app/lib/config/contrast';
import { themeSchema, type Theme } from '#app/lib/config/theme';
import { checkConfig, formatProblem } from './tenants-check';
import { starterCopy, type StarterCopy } from './tenant-starter-copy';

export interface NewTenantOptions {
  id: string;
  domain: string;
  name?: string;
  theme?: string;
  languages?: Language[];
  currency?: string;
  timeZone?: string;
  rootDir: string;
}

export class UsageError extends Error {}

const USAGE =
  'usage: npm run tenant:new -- <id> --domain <host> [--name "Display Name"] [--theme <themeId>] [--languages en,fr] ' +
  '[--currency USD] [--time-zone America/New_York] [--root <dir>]';

export function parseArgs(argv: string[], cwd = process.cwd()): NewTenantOptions {
  const values: Record<string, string> = {};
  const positional: string[] = [];
  const known = ['--domain', '--name', '--theme', '--languages', '--currency', '--time-zone', '--root'];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [flag, inline] = arg.split(/=(.*)/s, 2);
      if (!known.includes(flag)) throw new UsageError(`unknown option ${flag}\n${USAGE}`);
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value\n${USAGE}`);
      values[flag] = value;
    } else positional.push(arg);
  }
  if (positional.length !== 1) throw new UsageError(`give exactly one tenant id\n${USAGE}`);
  if (!values['--domain']) throw new UsageError(`--domain is required\n${USAGE}`);
  const languages = values['--languages']?.split(',').map((l) => l.trim()).filter(Boolean);
  for (const lang of languages ?? []) {
    if (!languageSchema.safeParse(lang).success) throw new UsageError(`unknown language "${lang}"; the platform ships ${PLATFORM_LANGUAGES.join(', ')}`);
  }
  return {
    id: positional[0],
    domain: values['--domain'],
    name: values['--name'],
    theme: values['--theme'],
    languages: languages as Language[] | undefined,
    currency: values['--currency'],
    timeZone: values['--time-zone'],
    rootDir: resolve(cwd, values['--root'] ?? '.'),
  };
}

/** "acme-events" → "Acme Events". */
export function titleCase(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The step of the brand scale that reads best on both a white header and the theme's darkest neutral. */
function wordmarkColor(theme: Theme): string {
  const steps = Object.values(theme.colors.brand);
  const dark = theme.colors.neutral['950'];
  return steps.reduce((best, c) =>
    Math.min(contrastRatio(c, '#ffffff'), contrastRatio(c, dark)) > Math.min(contrastRatio(best, '#ffffff'), contrastRatio(best, dark)) ? c : best,
  );
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

export function logoSvg(name: string, theme: Theme): string {
  const mark = theme.colors.brand['600'];
  const text = wordmarkColor(theme);
  const width = Math.max(180, 52 + Math.ceil(name.length * 11.5));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40" role="img" aria-label="${xml(name)}">
  <title>${xml(name)}</title>
  <rect x="2" y="4" width="32" height="32" rx="8" fill="${mark}"/>
  <path d="M14 13 L25 20 L14 27 Z" fill="#ffffff"/>
  <text x="44" y="27" font-family="${xml(theme.fonts.heading)}" font-size="20" font-weight="700" fill="${text}">${xml(name)}</text>
</svg>
`;
}

export function faviconSvg(name: string, theme: Theme): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="${xml(name)}">
  <rect width="32" height="32" rx="7" fill="${theme.colors.brand['700']}"/>
  <text x="16" y="21.5" text-anchor="middle" font-family="${xml(theme.fonts.heading)}" font-size="14" font-weight="700" fill="#ffffff">${xml(initials(name))}</text>
</svg>
`;
}

function readTheme(rootDir: string, id: string): Theme | null {
  const file = join(rootDir, 'themes', `${id}.json`);
  if (!existsSync(file)) return null;
  const parsed = themeSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

export interface ScaffoldResult {
  files: string[];
  themeId: string;
  createdTheme: boolean;
}

/** Validates the options and writes the new tenant's files; throws UsageError on any refusal. */
export function scaffoldTenant(options: NewTenantOptions): ScaffoldResult {
  const { rootDir } = options;
  const id = options.id;
  if (!tenantSchema.shape.id.safeParse(id).success) {
    throw new UsageError(`invalid tenant id "${id}": use 1-40 lower-case letters, digits or dashes, starting and ending with a letter or digit`);
  }
  const domain = options.domain.trim().toLowerCase();
  const host = hostNameSchema.safeParse(domain);
  if (!host.success) throw new UsageError(`invalid --domain "${options.domain}": ${host.error.issues[0].message}`);
  const languages = options.languages?.length ? [...new Set(options.languages)] : (['en'] as Language[]);
  const name = (options.name ?? titleCase(id)).trim();
  if (!name || name.length > 80) throw new UsageError('--name must be 1-80 characters');

  const tenantDir = join(rootDir, 'tenants', id);
  if (existsSync(tenantDir)) throw new UsageError(`tenant "${id}" already exists (${tenantDir}); choose another id`);

  const { registry } = loadRegistry(rootDir);
  const owner = registry.domains.get(domain);
  if (owner) throw new UsageError(`domain ${domain} is already used by tenant "${owner}"`);
  // Tenants whose tenant.json does not validate are not in the registry; still refuse their domains.
  const tenantsDir = join(rootDir, 'tenants');
  for (const dir of readdirSync(tenantsDir)) {
    const file = join(tenantsDir, dir, 'tenant.json');
    if (!existsSync(file)) continue;
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { domains?: unknown };
      if (Array.isArray(raw.domains) && raw.domains.map((d) => String(d).toLowerCase()).includes(domain)) {
        throw new UsageError(`domain ${domain} is already used by tenant "${dir}"`);
      }
    } catch (e) {
      if (e instanceof UsageError) throw e;
    }
  }

  const rootDomain = (process.env.PLATFORM_ROOT_DOMAIN ?? 'events.localhost').toLowerCase();
  for (const suffix of [`.${rootDomain}`, '.localhost']) {
    const slug = domain.endsWith(suffix) ? domain.slice(0, -suffix.length) : '';
    if (slug && !slug.includes('.') && slug !== id && registry.tenants.has(slug)) {
      throw new UsageError(`domain ${domain} is the platform address of tenant "${slug}"`);
    }
  }

  let themeId = options.theme ?? id;
  let theme = readTheme(rootDir, themeId);
  let createdTheme = false;
  if (options.theme && !theme) {
    const known = existsSync(join(rootDir, 'themes'))
      ? readdirSync(join(rootDir, 'themes')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).map((f) => f.slice(0, -5))
      : [];
    throw new UsageError(`unknown or invalid theme "${options.theme}"; existing themes: ${known.join(', ') || 'none'}`);
  }
  if (!theme) {
    const base = [...registry.themes.values()].sort((a, b) => a.id.localeCompare(b.id))[0];
    if (!base) throw new UsageError('no valid theme under themes/ to start from; pass --theme');
    theme = { ...base, id };
    themeId = id;
    createdTheme = true;
  }

  const files = new Map<string, string>();
  const copies = Object.fromEntries(languages.map((l) => [l, starterCopy(l, name)])) as Record<Language, StarterCopy>;
  const byLang = (pick: (c: StarterCopy) => string) => Object.fromEntries(languages.map((l) => [l, pick(copies[l])]));
  const today = new Date().toISOString().slice(0, 10);
  const prices = [49, 199, null];
  const tenant: TenantInput = {
    $schema: '../tenant.schema.json',
    id,
    displayName: name,
    domains: [domain],
    themeId,
    logo: { src: 'logo.svg', alt: name },
    favicon: 'favicon.svg',
    seo: { title: byLang((c) => c.seoTitle), description: byLang((c) => c.seoDescription) },
    languages: { supported: languages, default: languages[0] },
    currency: options.currency ?? 'USD',
    timeZone: options.timeZone ?? 'UTC',
    signIn: {
      email: true,
      phone: false,
      socialProviders: [],
      signInPreference: 'email',
      signUpPreference: 'email',
      mandatorySignIn: true,
    },
    phone: { defaultCountry: 'us', preferredCountries: ['mx', 'us', 'ca'] },
    features: { shop: false, donations: false, consultations: false, recording: true, streaming: false, blog: true, news: true, jobs: true, reactions: true },
    contact: { email: `hello@${domain}` },
    legal: { companyName: name, jurisdiction: `the country where ${name} is registered`, effectiveDate: today },
    pricing: {
      plans: ['starter', 'pro', 'enterprise'].map((planId, i) => ({
        id: planId,
        name: byLang((c) => c.plans[i].name),
        monthlyPrice: prices[i],
        features: copies[languages[0]].plans[i].features.map((_, j) => byLang((c) => c.plans[i].features[j])),
        highlighted: i === 1,
      })),
    },
    partners: [],
    identity: { region: 'us-east-1' },
    video: {},
    payments: {},
    speech: {},
  };
  const parsed = tenantSchema.safeParse(tenant);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }

  files.set(`tenants/${id}/tenant.json`, `${JSON.stringify(tenant, null, 2)}\n`);
  files.set(`tenants/${id}/assets/logo.svg`, logoSvg(name, theme));
  files.set(`tenants/${id}/assets/favicon.svg`, faviconSvg(name, theme));
  for (const lang of languages) {
    for (const pageId of REQUIRED_PAGES) files.set(`tenants/${id}/content/${lang}/${pageId}.md`, copies[lang].pages[pageId]);
    files.set(`tenants/${id}/content/${lang}/blog/welcome.md`, copies[lang].blog);
  }
  if (createdTheme) {
    files.set(`themes/${id}.json`, `${JSON.stringify({ $schema: './theme.schema.json', ...theme }, null, 2)}\n`);
  }

  try {
    for (const [path, content] of files) {
      const target = join(rootDir, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content, { flag: 'wx' });
    }
  } catch (e) {
    rmSync(tenantDir, { recursive: true, force: true });
    if (createdTheme) rmSync(join(rootDir, 'themes', `${id}.json`), { force: true });
    throw e;
  }
  return { files: [...files.keys()], themeId, createdTheme };
}

export function main(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): number {
  let options: NewTenantOptions;
  let result: ScaffoldResult;
  try {
    options = parseArgs(argv);
    result = scaffoldTenant(options);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`tenant:new: ${e.message}`);
      return 1;
    }
    throw e;
  }
  out(`Created tenant "${options.id}"${result.createdTheme ? ` and theme "${result.themeId}"` : ` using theme "${result.themeId}"`}:`);
  for (const file of result.files) out(`  ${file}`);

  const { problems } = checkConfig(options.rootDir);
  const mine = problems.filter((p) => p.file.startsWith(`tenants/${options.id}/`) || p.file === `themes/${result.themeId}.json`);
  if (mine.length) {
    for (const p of mine) err(formatProblem(p));
    err('tenant:new: the new tenant does not pass tenants:check; fix the problems above');
    return 1;
  }
  const port = process.env.PORT ?? '3000';
  const domain = options.domain.trim().toLowerCase();
  out('');
  out('Next steps:');
  out(`  1. Run the site locally (npm run dev) and open http://${options.id}.localhost:${port}`);
  out(`  2. Edit tenants/${options.id}/tenant.json: contact, legal (companyName, jurisdiction), currency, timeZone, sign-in methods, features, pricing, partners`);
  out(`  3. ${result.createdTheme ? `Set the brand colours and fonts in themes/${result.themeId}.json` : `The tenant shares theme "${result.themeId}"; copy it to themes/${options.id}.json to restyle it alone`}`);
  out(`  4. Replace the starter copy in tenants/${options.id}/content/<lang>/ and the logo in tenants/${options.id}/assets/`);
  out(`  5. Run npm run tenants:check, then point DNS for ${domain} at the platform`);
  if (problems.length) out(`(tenants:check also reports ${problems.length} problem(s) in other tenants; run it to see them)`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
