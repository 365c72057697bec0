import { randomBytes } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { ROUTES } from '#app/route-table.js';
import type { Language } from '#app/lib/config/tenant';
import { NNBSP } from '#app/lib/i18n/frenchTypography';
import en from '#app/locales/en';
import { createPoolUser } from '#local/stack/cognito';
import { seedEvent } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { tenantStrings } from './language-helpers';
import { poolOf, signInContext, type TestUser } from './session-helpers';

/**
 * No English in a Spanish or French render (issue 16, docs/decisions/0042): every screen of the
 * route table, on Solana (es-MX) and Lumière (fr), anonymous and as a signed-in organizer, with
 * its visible text and its aria-label, title, placeholder and alt, the document title and
 * description. A string is English when it is (or contains) an English UI string the language
 * says otherwise, or reads as English by its function words.
 */

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

/** Words that are the same in English and the other language (brand-like or international terms). */
const SAME_WORDS = new Set(['blog', 'demo', 'menu', 'chat', 'video', 'videos', 'audio', 'total', 'avatar', 'legal', 'contact', 'roles', 'banner', 'agenda', 'english', 'español', 'français', 'message', 'services', 'solutions', 'date', 'description', 'stock', 'images', 'participants', 'participant', 'question', 'minutes', 'actions', 'messages', 'pixels', 'ok', 'faq', 'pdf', 'stream', 'email', 'e-mail']);

const SKIPPED = new Set([
  '/signOut', // ends the session the signed-in pass needs
]);
/** Sign-in hand-offs to identity providers: they leave the site at once. */
const isHandOff = (path: string) => /^\/sso(SignIn|SignUp)(Facebook|Google|Apple|Amazon|LinkedIn|Twitter|TikTok)$/.test(path);

/** One path per route module: the paths of one module (the room layouts, the sign-in hand-offs) render the same screen. */
const SCREENS = [...new Map(ROUTES.filter((r) => !SKIPPED.has(r.path) && !isHandOff(r.path)).map((r) => [r.file, r])).values()].map((r) => ({
  path: r.path,
  event: Boolean(r.ids?.query && 'event' in r.ids.query),
}));

const norm = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** What an es or fr page must not show: English strings that language translates differently. */
function englishOf(tenant: string, language: Language) {
  const target = new Map(leaves(tenantStrings(tenant, language) as unknown as Tree).map(([k, v]) => [k, norm(v)]));
  const translated = new Set(target.values());
  const whole = new Set<string>();
  const parts = new Set<string>();
  for (const [key, raw] of leaves(en as unknown as Tree)) {
    const text = norm(raw);
    if (target.get(key) === text || translated.has(text) || SAME_WORDS.has(text.toLowerCase())) continue;
    const literal = text.split(/\{\{[^}]*\}\}/).map((p) => p.trim());
    if (literal.length === 1 && text.length >= 3 && /[a-z]/i.test(text)) whole.add(text);
    for (const part of literal) if (part.length >= 12 && part.split(' ').length >= 2 && !translated.has(part)) parts.add(part);
  }
  return { whole, parts: [...parts] };
}

/** Whole words by Unicode letters ("sign" is no word in "signés"), case-insensitive. */
const words = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, 'giu');
/** English by its function words: two different ones, or one that no French or Spanish text uses. */
const STRONG = words("the|your|please|you're|don't|can't|won't");
const FUNCTION_WORDS = words('the|and|your|you|with|this|that|are|is|of|for|from|will|have|has|not|to|in|on|or');
/**
 * Words of interface English that neither Spanish nor French use ("no", "volume", "pause", "show",
 * "error" are theirs too): a third-party component's own label ("Month View", "Close", "Next page")
 * has no function word and no catalogue entry.
 */
const UI_ENGLISH = words('close|next|previous|prev|view|month|week|today|yesterday|tomorrow|back|loading|search|hide|open|select|submit|cancel|delete|edit|save|upload|download|settings|more|less|clear|sign|signed|toggle|dismiss|expand|collapse|unmute|fullscreen|seek|captions|subtitles|speed|share|copy|copied|send|reply|welcome|required|optional|empty|none|yes|of');
const has = (pattern: RegExp, text: string) => text.match(pattern) !== null;
function readsEnglish(text: string): boolean {
  const plain = text.replace(/[\w.+-]+@[\w.-]+|https?:\/\/\S+/g, '');
  if (has(STRONG, plain) || has(UI_ENGLISH, plain)) return true;
  const found = new Set((plain.match(FUNCTION_WORDS) ?? []).map((w) => w.toLowerCase()));
  // "on", "in", "or", "is", "are" are also words elsewhere; it takes two different ones.
  return found.size >= 2 && [...found].some((w) => !['on', 'in', 'or', 'is', 'are'].includes(w));
}

/**
 * Events and other data that tests running beside this one make carry a random token ("Next up
 * wf669e1d63f", "Workshops by ngei7r"): people's own content, in whatever language they wrote it, is
 * not the UI's. Six characters with a digit and a letter is already no word of the interface; the
 * fixtures make their marks with `testMark()` (marks.ts) so every one carries both.
 */
const madeByTests = (text: string) => text.split(/[\s/]/).some((token) => /^(?=.*\d)(?=.*[a-z])[a-z0-9_-]{6,}\.?$/i.test(token));

interface Found {
  text: string;
  where: string;
}

/** Visible text nodes, the labelling attributes, the title and description; none under lang="en". */
async function pageStrings(page: Page): Promise<Found[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const english = (el: Element | null) => Boolean(el?.closest('[lang]:not(html)') && el.closest('[lang]:not(html)')!.getAttribute('lang')!.startsWith('en'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !el || el.closest('script, style, template, noscript') || english(el)) continue;
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      out.push({ text, where: `<${el.tagName.toLowerCase()}${el.dataset.testid ? ` data-testid=${el.dataset.testid}` : ''}>` });
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (english(el) || el.closest('svg title')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push({ text: value, where: `${name} of <${el.tagName.toLowerCase()}>` });
      }
    }
    out.push({ text: document.title, where: 'document title' });
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) out.push({ text: description, where: 'meta description' });
    return out;
  });
}

/** A page is ready when it has hydrated, or when it ships no script to hydrate with. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' || !document.querySelector('script[type="module"]'), null, { timeout: 15_000 });
}

interface Visit {
  path: string;
  /** The path the visit ended on (after redirects). */
  landed: string;
  problems: string[];
}

async function visitAll(context: BrowserContext, tenant: string, language: Language, paths: string[]): Promise<Visit[]> {
  const { whole, parts } = englishOf(tenant, language);
  const results: Visit[] = [];
  const queue = [...paths];
  // A few pages at once: the screens are independent, and one page each keeps it quick.
  const worker = async () => {
    const page = await context.newPage();
    const missing: string[] = [];
    page.on('console', (msg) => {
      if (/Missing translation/.test(msg.text())) missing.push(msg.text());
    });
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      missing.length = 0;
      const response = await page.goto(tenantUrl(tenant, path), { waitUntil: 'load' });
      // An error page (a screen asked without its parameters) is read as the server rendered it.
      if (response && response.status() < 400) await settled(page);
      const problems = [...missing];
      for (const { text, where } of await pageStrings(page)) {
        const t = norm(text);
        if (madeByTests(t)) continue;
        if (whole.has(t) || parts.some((p) => t.includes(p)) || readsEnglish(t)) problems.push(`${where}: ${JSON.stringify(t.slice(0, 160))}`);
      }
      results.push({ path, landed: new URL(page.url()).pathname, problems: [...new Set(problems)] });
    }
    await page.close();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return results;
}

const LOCALIZED_TITLE: Record<string, string> = { es: 'Clase de cocina en vivo', fr: 'Atelier de cuisine en direct' };

async function organizer(tenant: string, given: string): Promise<TestUser> {
  const pool = poolOf(tenant);
  const client = new CognitoIdentityProviderClient({ region: pool.region, endpoint: pool.endpoint, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  const username = `${given.toLowerCase()}-${randomBytes(5).toString('hex')}@${tenant}.test.example`;
  const password = `Test-${randomBytes(4).toString('hex')}-Aa1!`;
  const sub = await createPoolUser(client, { userPoolId: pool.userPoolId, tenantId: tenant, username, password, name: `${given} Martin`, group: 'organizer' });
  client.destroy();
  return { tenant, username, password, sub: sub ?? username, name: `${given} Martin` };
}

async function newContext(browser: Browser, language: Language) {
  return browser.newContext({ locale: language === 'es' ? 'es-MX' : 'fr-FR', extraHTTPHeaders: { 'Accept-Language': language === 'es' ? 'es-MX,es;q=0.9' : 'fr-FR,fr;q=0.9' } });
}

const report = (visits: Visit[]) =>
  visits
    .filter((v) => v.problems.length)
    .map((v) => `${v.path} → ${v.landed}\n  ${v.problems.join('\n  ')}`)
    .join('\n');

for (const { tenant, language } of [
  { tenant: 'solana', language: 'es' as const },
  { tenant: 'lumiere', language: 'fr' as const },
]) {
  test(`no English on any screen on ${tenant} in ${language}, anonymous and as an organizer`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const host = await organizer(tenant, 'Ana');
    const event = await seedEvent(tenant, { sub: host.sub, name: 'Ana Martin', email: host.username, language }, { title: LOCALIZED_TITLE[language], description: LOCALIZED_TITLE[language]!, eventLanguage: language });
    const paths = SCREENS.map((s) => (s.event ? `${s.path}?event=${event.eventId}` : s.path));
    const anonymous = await newContext(browser, language);
    const visits = await visitAll(anonymous, tenant, language, paths);
    await anonymous.close();
    // A screen that sent the visitor to sign in is seen again as its organizer.
    const gated = visits.filter((v) => v.landed !== v.path.split('?')[0]).map((v) => v.path);
    const signedIn = await newContext(browser, language);
    await signInContext(signedIn, request, host);
    const again = await visitAll(signedIn, tenant, language, gated);
    await signedIn.close();
    expect(gated.length, 'gated screens seen signed in').toBeGreaterThan(5);
    expect(report([...visits, ...again]), 'English strings').toBe('');
  });
}

test('Solana speaks Mexican Spanish: lang="es-MX", "video", "boleto", Mexican money', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const context = await newContext(browser, 'es');
  const page = await context.newPage();
  await page.goto(tenantUrl('solana', '/vod'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  const main = page.locator('main');
  await expect(main).toContainText(/\bvideos?\b/i);
  await expect(main).not.toContainText(/vídeo/i);
  // Prices as es-MX writes pesos ("$349.50"), not as Spain would ("349,50 MXN").
  await page.goto(tenantUrl('solana', '/pricing'));
  await expect(page.locator('main')).toContainText(/\$\s?\d[\d,]*(\.\d\d)?/);
  // The strings the browser fetches for a namespace carry the es-MX overlay too.
  const html = await (await tenantApi(request, 'solana').get('/signIn', { headers: { 'Accept-Language': 'es-MX' } })).text();
  const hash = /"translationsHash":"([0-9a-f]{12})"/.exec(html)?.[1];
  expect(hash, 'hash of the language’s strings in the root data').toBeTruthy();
  const strings = (await (await tenantApi(request, 'solana').get(`/locales/es-MX/tickets.${hash}.json`)).json()) as { tickets: { gate: { buy: string } } };
  expect(strings.tickets.gate.buy).toBe('Comprar boleto');
  await context.close();
});

test('Lumière sets French typography: a narrow no-break space before "?" and "d’" before a vowel', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const context = await newContext(browser, 'fr');
  const page = await context.newPage();
  // Markdown content (the questions page) and UI strings alike.
  await page.goto(tenantUrl('lumiere', '/questions'));
  await expect(page.locator('main')).toContainText(`${NNBSP}?`);
  expect(await page.locator('main').innerText()).not.toMatch(/\S ?\?(\s|$)/);
  const olivia = await organizer('lumiere', 'Olivia');
  await signInContext(context, request, olivia);
  await page.goto(tenantUrl('lumiere', '/userDashboard'));
  await expect(page.getByTestId('account-menu')).toHaveAccessibleName(/d’Olivia/i);
  await context.close();
});
