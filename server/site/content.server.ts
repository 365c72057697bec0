import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { COLLECTIONS, TEMPLATE_PAGES, type Collection, type ContentPage } from '#app/lib/config/content';
import type { Language, Tenant } from '#app/lib/config/tenant';
import { frenchTypography, frenchTypographyHtml } from '#app/lib/i18n/frenchTypography';
import { intlLocale, languageTag } from '#app/lib/i18n/variants';

export interface Page {
  /** Front-matter fields (title, description, hero texts …). */
  meta: Record<string, unknown>;
  title: string;
  description: string;
  html: string;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  summary: string;
  date: string;
  meta: Record<string, unknown>;
}

export interface Article extends ArticleSummary {
  html: string;
}

export interface FaqEntry {
  question: string;
  answerHtml: string;
  answerText: string;
}

const marked = new Marked({ gfm: true, breaks: false });
const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * A table written with an empty header row (`| | |`, a list of facts) has no column headers: its
 * empty header cells would name nothing to a screen reader, so the row is left out.
 */
const EMPTY_TABLE_HEAD = /<thead>\s*<tr>\s*(?:<th(?:\s[^>]*)?>\s*<\/th>\s*)+<\/tr>\s*<\/thead>\s*/g;

/** Markdown is written by tenant staff, still sanitised: content must never carry script into a page. */
function toHtml(markdown: string, lang: Language): string {
  const html = (marked.parse(markdown, { async: false }) as string).replace(EMPTY_TABLE_HEAD, '');
  return typeset(lang, sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2']),
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    transformTags: {
      a: (tag, attribs) =>
        /^https?:/.test(attribs.href ?? '')
          ? { tagName: 'a', attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' } }
          : { tagName: tag, attribs },
    },
  }));
}

/** French text gets its typography (docs/decisions/0042): HTML by its text, never tags or code. */
function typeset(lang: Language, html: string): string {
  return lang === 'fr' ? frenchTypographyHtml(html) : html;
}

export interface TemplateVariables {
  companyName: string;
  displayName: string;
  contactEmail: string;
  domain: string;
  jurisdiction: string;
  effectiveDate: string;
}

/** Fills {{name}} placeholders; an unknown name is left visible so a missing variable is noticed. */
export function fillTemplate(text: string, vars: TemplateVariables): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name as keyof TemplateVariables]) : whole,
  );
}

/** Fills variables in every string of front-matter (typeset when French); YAML dates become YYYY-MM-DD strings. */
function fillMeta(value: unknown, vars: TemplateVariables, typeset?: (text: string) => string): unknown {
  if (typeof value === 'string') return typeset ? typeset(fillTemplate(value, vars)) : fillTemplate(value, vars);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map((v) => fillMeta(v, vars, typeset));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillMeta(v, vars, typeset)]));
  }
  return value;
}

export function templateVariables(tenant: Tenant, language: Language, rootDomain: string): TemplateVariables {
  const effective = new Date(`${tenant.legal.effectiveDate}T00:00:00Z`);
  return {
    companyName: tenant.legal.companyName,
    displayName: tenant.displayName,
    contactEmail: tenant.contact.email,
    domain: tenant.domains[0] ?? `${tenant.id}.${rootDomain}`,
    jurisdiction: tenant.legal.jurisdiction,
    effectiveDate: new Intl.DateTimeFormat(intlLocale(languageTag(tenant.languages, language)), { dateStyle: 'long', timeZone: 'UTC' }).format(effective),
  };
}

/**
 * Reads tenant markdown (tenants/<id>/content/<lang>/…) and platform templates
 * (templates/<lang>/…). Parsed results are kept until the tenant's configuration changes (a new
 * registry version: forget). `root` answers the folder of the version being served.
 */
export class ContentStore {
  private cache = new Map<string, unknown>();
  private root: () => string;
  constructor(
    root: string | (() => string),
    private rootDomain: string,
    private cacheEnabled = true,
  ) {
    this.root = typeof root === 'string' ? () => root : root;
  }

  private get rootDir() {
    return this.root();
  }

  /** Drops what was read for these tenants (their files, or the templates they use, changed). */
  forget(tenantIds: Iterable<string>) {
    const ids = new Set(tenantIds);
    for (const key of this.cache.keys()) if (ids.has(key.split('|')[1] ?? '')) this.cache.delete(key);
  }

  private memo<T>(key: string, build: () => T): T {
    if (!this.cacheEnabled) return build();
    if (!this.cache.has(key)) this.cache.set(key, build());
    return this.cache.get(key) as T;
  }

  /** Languages to try: the requested one, then the tenant's default, then its first. */
  private languages(tenant: Tenant, language: Language): Language[] {
    return [...new Set([language, tenant.languages.default ?? tenant.languages.supported[0], ...tenant.languages.supported])];
  }

  /** A file in `lang` (the request's `language` or a fallback): French meta text is typeset like the body. */
  private parse(file: string, tenant: Tenant, language: Language, lang: Language) {
    const vars = templateVariables(tenant, language, this.rootDomain);
    const { data, content } = matter(readFileSync(file, 'utf8'));
    const meta = fillMeta(data, vars, lang === 'fr' ? frenchTypography : undefined) as Record<string, unknown>;
    return { meta, body: fillTemplate(content, vars) };
  }

  page(tenant: Tenant, language: Language, page: ContentPage): Page | null {
    return this.memo(`page|${tenant.id}|${language}|${page}`, () => {
      for (const lang of this.languages(tenant, language)) {
        const candidates = [join(this.rootDir, 'tenants', tenant.id, 'content', lang, `${page}.md`)];
        if ((TEMPLATE_PAGES as readonly string[]).includes(page)) candidates.push(join(this.rootDir, 'templates', lang, `${page}.md`));
        const file = candidates.find((c) => existsSync(c));
        if (!file) continue;
        const { meta, body } = this.parse(file, tenant, language, lang);
        return {
          meta,
          title: String(meta.title ?? ''),
          description: String(meta.description ?? ''),
          html: toHtml(body, lang),
        };
      }
      return null;
    });
  }

  /** FAQ: each "## Question" heading of questions.md with the text below it as the answer. */
  faq(tenant: Tenant, language: Language): { page: Page; entries: FaqEntry[] } | null {
    return this.memo(`faq|${tenant.id}|${language}`, () => {
      const page = this.page(tenant, language, 'questions');
      if (!page) return null;
      for (const lang of this.languages(tenant, language)) {
        const file = join(this.rootDir, 'tenants', tenant.id, 'content', lang, 'questions.md');
        if (!existsSync(file)) continue;
        const { body } = this.parse(file, tenant, language, lang);
        const sections = body.split(/^## +/m).slice(1);
        const entries = sections.map((section) => {
          const [question, ...rest] = section.split('\n');
          const answer = rest.join('\n').trim();
          return {
            question: lang === 'fr' ? frenchTypography(question.trim()) : question.trim(),
            answerHtml: toHtml(answer, lang),
            answerText: sanitizeHtml(toHtml(answer, lang), { allowedTags: [], allowedAttributes: {} }),
          };
        });
        return { page, entries };
      }
      return null;
    });
  }

  list(tenant: Tenant, language: Language, collection: Collection): ArticleSummary[] {
    return this.memo(`list|${tenant.id}|${language}|${collection}`, () => {
      for (const lang of this.languages(tenant, language)) {
        const dir = join(this.rootDir, 'tenants', tenant.id, 'content', lang, collection);
        if (!existsSync(dir)) continue;
        return readdirSync(dir)
          .filter((f) => f.endsWith('.md') && SLUG.test(f.slice(0, -3)))
          .map((f) => {
            const { meta } = this.parse(join(dir, f), tenant, language, lang);
            return {
              slug: f.slice(0, -3),
              title: String(meta.title ?? f),
              summary: String(meta.summary ?? ''),
              date: String(meta.date ?? ''),
              meta,
            };
          })
          .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
      }
      return [];
    });
  }

  article(tenant: Tenant, language: Language, collection: Collection, slug: string): Article | null {
    if (!SLUG.test(slug) || !(COLLECTIONS as readonly string[]).includes(collection)) return null;
    return this.memo(`article|${tenant.id}|${language}|${collection}|${slug}`, () => {
      for (const lang of this.languages(tenant, language)) {
        const file = join(this.rootDir, 'tenants', tenant.id, 'content', lang, collection, `${slug}.md`);
        if (!existsSync(file)) continue;
        const summary = this.list(tenant, language, collection).find((a) => a.slug === slug);
        const { body } = this.parse(file, tenant, language, lang);
        if (!summary) return null;
        return { ...summary, html: toHtml(body, lang) };
      }
      return null;
    });
  }
}
