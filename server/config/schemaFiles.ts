/**
 * The JSON Schemas editors use for tenant and theme files, generated from the zod schemas
 * (the single source of truth): tenants/tenant.schema.json and themes/theme.schema.json.
 * `npm run tenants:schema` (scripts/tenants-schema.ts) writes them; `npm run tenants:check` fails
 * when the committed files differ from what it would write.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { tenantSchema } from '#app/lib/config/tenant';
import { themeSchema } from '#app/lib/config/theme';

export interface SchemaFile {
  /** Path relative to the project root. */
  path: string;
  content: string;
}

/** Hover help for editors, by field path ("a.b" for nested objects, "a[]" for array items). */
const TENANT_HELP: Record<string, string> = {
  $schema: 'Path to this JSON Schema, for editor completion: "../tenant.schema.json".',
  id: 'Tenant id: must equal the folder name under tenants/. The site is also served on <id>.<platform root domain> and <id>.localhost.',
  displayName: 'Name shown in the header, page titles and legal texts ({{displayName}}).',
  domains: 'Custom host names served for this tenant: lower case, no scheme, port or path. Must not be used by another tenant.',
  disabled: 'true to take the site offline: every page answers a branded "unavailable" page and nothing else is served. Its data is kept.',
  themeId: 'Id of a theme in themes/<themeId>.json.',
  logo: 'Logo shown in the header; a file under tenants/<id>/assets/.',
  favicon: 'Favicon file under tenants/<id>/assets/.',
  seo: 'Default page title, description and social sharing image.',
  'seo.ogImage': 'Social sharing image under tenants/<id>/assets/ (1200x630 PNG or JPEG recommended).',
  languages: 'UI and content languages. Every supported language needs content/<lang>/ with every required page.',
  'languages.default': "When absent, the browser's Accept-Language chooses among the supported languages.",
  'languages.variants': 'Regional variant per language, such as { "es": "es-MX" }: the UI strings (app/locales/<variant>/ over the language\'s), <html lang>, dates, numbers and money use it.',
  'languages.register':
    'How the site addresses people where the language tells: "informal" (Spanish tú, French tu) or "formal" (usted, vous), one register for the whole site. The strings of each language are written in one register (Spanish informal, French formal); npm run tenants:check refuses a register they do not speak.',
  currency: 'ISO 4217 currency for prices, cart and checkout (default USD).',
  timeZone: 'IANA time zone used to show event times by default, such as America/New_York.',
  signIn: 'Sign-in and sign-up methods offered on this site.',
  'signIn.socialProviders': 'Social providers offered; a provider not listed gets a "not available on this site" page.',
  'signIn.signInPreference': 'Method offered first on sign-in screens; must be enabled.',
  'signIn.signUpPreference': 'Method offered first on sign-up screens; must be enabled.',
  'signIn.mandatorySignIn': 'Mandatory sign-in (default true).',
  phone: 'Phone number input: default country and the countries listed first.',
  features: 'Switches for the optional parts of the site (shop, donations, consultations, recording, streaming, blog, news, jobs, reactions over the room stage).',
  contact: 'Public contact details ({{contactEmail}} in content).',
  legal: 'Values filled into the legal templates: {{companyName}}, {{jurisdiction}}, {{effectiveDate}}.',
  'legal.effectiveDate': 'Date the legal texts take effect, YYYY-MM-DD.',
  pricing: 'Plans shown on /pricing.',
  'pricing.plans[].monthlyPrice': 'Price per month in the tenant currency, in major units; null shows "contact us".',
  partners: 'Partner logos and links shown on /partners.',
  identity: 'Identity service (user pool) settings for this tenant; fill the ids once the pool exists.',
  'identity.attributesRequireVerificationBeforeUpdate':
    'The user pool\'s UserAttributeUpdateSettings: a changed email or phone number takes effect only once its owner verifies it with the code sent to it (default both; must include "email"). Set the same list on the production pool; local pools get it when provisioned.',
  video: 'Video service settings for this tenant.',
  payments: "Payment provider account that receives this tenant's takings.",
  embed: 'Embeds of events and videos on other sites (docs/decisions/0089). Leave it out and no site may frame them.',
  'embed.allowedOrigins':
    'Origins of the sites allowed to frame this tenant\'s embed pages (CSP frame-ancestors), such as "https://www.example.com": https only (plain http only for localhost in the local stack), no path, no wildcard. Empty or absent: no site may frame them.',
  home: 'Home page layout and footer style (docs/decisions/0038). Leave it out for the default: a text hero on a brand gradient, the home.md body, the next 3 events and the columns footer.',
  'home.hero':
    'The hero\'s look; its words and buttons come from content/<lang>/home.md. style: "banner" (text on a brand gradient), "image" (text over an image), "video" (a muted looping video from assets/ via "video", or a public media library video via "mediaId", with a "poster" shown first and alone for visitors who ask for reduced motion), "split" (text beside an image; imageSide start or end), "centred" (text centred over a pattern: glow, dots, grid, waves; optional image below). Images are files under assets/ with their pixel width and height and alt text per language.',
  'home.sections':
    'The sections under the hero, in this order, each at most once: body (home.md), featuredEvents (upcoming public events with posters), featuredChannels (needs the shop feature), featuredReplays (public videos), testimonials, partners (the partners list), cta (title, text, action { label, to }), stats (2 to 4 figures). title overrides the default heading per language; limit is how many items (1 to 12, default 3). A featured section with nothing to show is left out.',
  'home.testimonials': 'Quotes shown by the testimonials section: quote and role per language, and the name of the person quoted (at most 6).',
  'home.footer': 'Footer style: "columns" (contact and link groups, the default), "compact" (one row) or "centred" (logo, links and contact centred).',
};

const THEME_HELP: Record<string, string> = {
  $schema: 'Path to this JSON Schema, for editor completion: "./theme.schema.json".',
  id: 'Theme id: must equal the file name (themes/<id>.json).',
  colors: 'Colour scales from 50 (lightest) to 950 (darkest). Modes refer to them as "brand.600", or use a hex colour.',
  light: 'Colours of light mode. Text/background pairs must reach WCAG AA contrast (4.5:1).',
  dark: 'Colours of dark mode. Text/background pairs must reach WCAG AA contrast (4.5:1).',
  fonts: 'CSS font-family stacks for headings and body text.',
  radii: 'Corner radii from small (l1) to large (l3).',
  shadows: 'Box shadow of cards.',
};

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; description?: string; anyOf?: JsonSchema[] };

function annotate(root: JsonSchema, help: Record<string, string>) {
  for (const [path, text] of Object.entries(help)) {
    let node: JsonSchema | undefined = root;
    for (const part of path.split('.')) {
      const isArray = part.endsWith('[]');
      node = node?.properties?.[isArray ? part.slice(0, -2) : part];
      if (isArray) node = node?.items;
    }
    if (!node) throw new Error(`schema help names an unknown field: ${path}`);
    node.description = text;
  }
}

function render(schema: z.ZodType, title: string, description: string, help: Record<string, string>): string {
  // io: 'input' describes what a person writes: fields with defaults are optional.
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  annotate(json as JsonSchema, help);
  const { $schema, ...rest } = json as Record<string, unknown>;
  return `${JSON.stringify({ $schema, title, description, ...rest }, null, 2)}\n`;
}

/** The schema files as they should be committed. */
export function generateSchemaFiles(): SchemaFile[] {
  return [
    {
      path: 'tenants/tenant.schema.json',
      content: render(
        tenantSchema,
        'Tenant',
        'A customer site served by the platform (tenants/<id>/tenant.json). Generated from app/lib/config/tenant.ts by `npm run tenants:schema`; do not edit by hand.',
        TENANT_HELP,
      ),
    },
    {
      path: 'themes/theme.schema.json',
      content: render(
        themeSchema,
        'Theme',
        'Design tokens of a tenant theme (themes/<id>.json). Generated from app/lib/config/theme.ts by `npm run tenants:schema`; do not edit by hand.',
        THEME_HELP,
      ),
    },
  ];
}

/** Schema files under rootDir that are missing or differ (ignoring formatting) from the generated ones. */
export function staleSchemaFiles(rootDir: string): Array<SchemaFile & { reason: string }> {
  const stale: Array<SchemaFile & { reason: string }> = [];
  for (const file of generateSchemaFiles()) {
    const target = join(rootDir, file.path);
    if (!existsSync(target)) {
      stale.push({ ...file, reason: 'missing' });
      continue;
    }
    let committed: string;
    try {
      committed = JSON.stringify(JSON.parse(readFileSync(target, 'utf8')));
    } catch {
      stale.push({ ...file, reason: 'not valid JSON' });
      continue;
    }
    if (committed !== JSON.stringify(JSON.parse(file.content))) stale.push({ ...file, reason: 'out of date' });
  }
  return stale;
}

export function writeSchemaFiles(rootDir: string): string[] {
  return generateSchemaFiles().map((file) => {
    writeFileSync(join(rootDir, file.path), file.content);
    return file.path;
  });
}
