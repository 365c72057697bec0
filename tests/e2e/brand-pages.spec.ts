import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { themeSchema, resolveColor, type Theme } from '#app/lib/config/theme';
import { expect, TENANTS, tenantUrl, test, type TenantId } from './fixtures';
import { createUser, signInContext } from './session-helpers';

/**
 * Dark mode follows the operating system (prefers-color-scheme) from the first server-rendered
 * paint, text stays readable in it, and information pages use the width of a desktop screen
 * (docs/decisions/0039).
 */

const THEME_OF: Record<TenantId, string> = { aurora: 'aurora', solana: 'solana', lumiere: 'lumiere' };

function theme(tenant: TenantId): Theme {
  return themeSchema.parse(JSON.parse(readFileSync(`themes/${THEME_OF[tenant]}.json`, 'utf8')));
}

/** "#rrggbb" as the browser reports it in computed styles: "rgb(r, g, b)". */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** A page without JavaScript: what the server-rendered HTML and CSS show on first paint. */
async function firstPaint(browser: Browser, tenant: TenantId, colorScheme: 'light' | 'dark', path = '/aboutUs') {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme });
  const page = await context.newPage();
  await page.goto(tenantUrl(tenant, path));
  const styles = await page.evaluate(() => ({
    bg: getComputedStyle(document.body).backgroundColor,
    fg: getComputedStyle(document.body).color,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
  await context.close();
  return styles;
}

for (const tenant of TENANTS) {
  test(`${tenant}: the first paint uses the theme's dark tokens in dark mode and its light tokens in light mode`, async ({ browser }) => {
    const t = theme(tenant);
    const dark = await firstPaint(browser, tenant, 'dark');
    expect(dark.bg).toBe(rgb(resolveColor(t, t.dark.bg)));
    expect(dark.fg).toBe(rgb(resolveColor(t, t.dark.fg)));
    // Form controls and scrollbars follow the page.
    expect(dark.scheme).toContain('dark');

    const light = await firstPaint(browser, tenant, 'light');
    expect(light.bg).toBe(rgb(resolveColor(t, t.light.bg)));
    expect(light.fg).toBe(rgb(resolveColor(t, t.light.fg)));
    expect(light.scheme).toContain('light');
  });
}

/**
 * The lowest contrast ratio between a visible text element's colour and the first opaque
 * background behind it, over every text element of the main region (the page's own content).
 */
async function worstTextContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (c: string) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return { r, g, b, a };
    };
    const lum = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const ch = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
    };
    const background = (el: Element | null) => {
      for (let node = el; node; node = node.parentElement) {
        const c = parse(getComputedStyle(node).backgroundColor);
        if (c && c.a >= 0.99) return c;
      }
      return parse(getComputedStyle(document.body).backgroundColor) ?? { r: 255, g: 255, b: 255, a: 1 };
    };
    let worst = { ratio: 21, text: '', fg: '', bg: '' };
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
      if (!own || el.closest('svg, [aria-hidden="true"], .sr-only')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (rect.left < -1000) continue; // the skip link waits off screen
      const fg = parse(style.color);
      if (!fg || fg.a < 0.99) continue;
      const bg = background(el);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      if (ratio < worst.ratio) worst = { ratio, text: el.textContent!.trim().slice(0, 60), fg: style.color, bg: `rgb(${bg.r}, ${bg.g}, ${bg.b})` };
    }
    return worst;
  });
}

test('in dark mode, text on information, sign-in, events and pricing screens keeps AA contrast', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const [tenant, path] of [
    ['aurora', '/aboutUs'],
    ['solana', '/pricing'],
    ['lumiere', '/questions'],
    ['aurora', '/signIn'],
    ['solana', '/liveEvents'],
    ['aurora', '/contactUs'],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(tenantUrl(tenant, path));
    const worst = await worstTextContrast(page);
    expect(worst.ratio, `${tenant}${path}: "${worst.text}" ${worst.fg} on ${worst.bg}`).toBeGreaterThanOrEqual(4.5);
    await context.close();
  }
});

test('in dark mode, an organizer dashboard keeps AA contrast', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const user = await createUser('aurora', 'dark-dash', 'organizer');
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
  await signInContext(context, request, user);
  const page = await context.newPage();
  await page.goto(tenantUrl('aurora', '/userDashboard'));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 30_000 });
  const worst = await worstTextContrast(page);
  expect(worst.ratio, `"${worst.text}" ${worst.fg} on ${worst.bg}`).toBeGreaterThanOrEqual(4.5);
  await context.close();
});

/** The horizontal span of what sits in the main region below the page's title band. */
async function contentSpan(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main')!;
    let left = Infinity;
    let right = -Infinity;
    for (const el of main.querySelectorAll('p, li, h2, h3, img, form, table, aside, article, dt, dd, label, summary')) {
      if (el.closest('[data-testid="page-header"]')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width < 2 || rect.height < 2) continue;
      left = Math.min(left, rect.left);
      right = Math.max(right, rect.right);
    }
    return { left, right, width: right - left, viewport: window.innerWidth };
  });
}

const INFO_PAGES = [
  '/aboutUs',
  '/company',
  '/features',
  '/platform',
  '/products',
  '/solutions',
  '/services',
  '/support',
  '/questions',
  '/partners',
  '/pricing',
  '/contactUs',
  '/requestInfo',
  '/terms',
  '/privacy',
  '/security',
  '/cdeVerified',
  '/blog',
  '/news',
  '/job',
];

test('at 1280 px the information pages use at least three quarters of the width', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const narrow: string[] = [];
  for (const path of INFO_PAGES) {
    const response = await page.goto(tenantUrl('aurora', path));
    expect(response?.status(), path).toBe(200);
    const span = await contentSpan(page);
    if (span.width < 0.75 * span.viewport) narrow.push(`${path}: ${Math.round(span.width)} px`);
  }
  // One detail page of each collection too.
  for (const list of ['/blog', '/news', '/job']) {
    await page.goto(tenantUrl('aurora', list));
    const href = await page.locator('main a[href*="Details"]').first().getAttribute('href');
    expect(href, `${list} links to a detail page`).toBeTruthy();
    await page.goto(tenantUrl('aurora', href!));
    const span = await contentSpan(page);
    if (span.width < 0.75 * span.viewport) narrow.push(`${href}: ${Math.round(span.width)} px`);
  }
  expect(narrow).toEqual([]);
  await context.close();
});

test('at 390 px the information pages do not scroll sideways', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ['/aboutUs', '/support', '/pricing', '/questions', '/contactUs', '/blog']) {
    await page.goto(tenantUrl('solana', path));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), path).toBe(true);
  }
  await context.close();
});

test('in dark mode, partner logos drawn for light pages sit on a light plate', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
  const page = await context.newPage();
  // The partners page and the partner row of a home page alike.
  for (const [tenant, path] of [['solana', '/partners'], ['lumiere', '/']] as const) {
    await page.goto(tenantUrl(tenant, path));
    const plates = page.getByTestId('partner-logo');
    expect(await plates.count(), `${tenant}${path}`).toBeGreaterThan(0);
    for (const plate of await plates.all()) {
      expect(await plate.evaluate((el) => getComputedStyle(el).backgroundColor), `${tenant}${path}`).toBe('rgb(255, 255, 255)');
    }
  }
  await context.close();
});
