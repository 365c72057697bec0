/**
 * Embeds (docs/decisions/0089): an event and a library video framed by a page of ANOTHER local
 * origin. The aurora tenant lists http://127.0.0.1:3391 in embed.allowedOrigins: a host page served
 * there shows the embed (brand, title), sized by /embed.js; the same page served from another port
 * (another origin) gets nothing (CSP frame-ancestors). Inside the frame, with third-party cookies
 * blocked, a person signs in through the site's own window and the frame plays the members' video.
 * The organizer copies the embed code from their events. Screenshots at 390 and 1280 px.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { test as unguarded } from './contextPool';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { minutesFromNow, seedEvent } from './events-helpers';
import { e2eMediaData } from './library-helpers';
import { seedLongVideo } from './playback-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

// One worker for the file: the allowed host page listens on one fixed port.
test.describe.configure({ mode: 'default', timeout: 180_000 });

const T = 'aurora';
/** The one host origin aurora lets frame its embeds (tenants/aurora/tenant.json). */
const ALLOWED_PORT = 3391;
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const runId = () => `r${randomBytes(4).toString('hex')}`;

/** A tiny web server for host pages: /<name> answers the HTML registered under that name. */
function hostServer(port: number): Promise<{ server: Server; origin: string; pages: Map<string, string> }> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const html = pages.get((req.url ?? '/').split('?')[0]!.slice(1));
    res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages })),
  );
}

/** A host page with a heading, the embed code as an organizer pastes it, and text below. */
const hostPage = (embedSrc: string, title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Partner site</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ea;color:#222}header{background:#1d3557;color:#fff;padding:14px 20px}main{max-width:960px;margin:0 auto;padding:16px}</style></head>
<body><header><strong>Partner site</strong> · our events</header><main><h1>Coming up</h1>
<script src="${tenantUrl(T, '/embed.js')}" async></script>
<iframe data-platform-embed src="${embedSrc}" title="${title}" width="100%" height="420" style="border:0;max-width:100%" allow="autoplay; fullscreen; picture-in-picture; storage-access" allowfullscreen></iframe>
<p id="after">More from our partners below the embed.</p></main></body></html>`;

/** Blocks third-party cookies for this page and its frames (Chromium's cookie controls, as a person sets them). */
async function blockThirdPartyCookies(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCookieControls', { enableThirdPartyCookieRestriction: true });
}

let allowed: Awaited<ReturnType<typeof hostServer>>;
let refused: Awaited<ReturnType<typeof hostServer>>;
let organizer: TestUser;

test.beforeAll(async () => {
  [allowed, refused, organizer] = await Promise.all([hostServer(ALLOWED_PORT), hostServer(0), createUser(T, 'embed-org', 'organizer')]);
});

test.afterAll(async () => {
  await Promise.all([allowed, refused].map((h) => new Promise((r) => h?.server.close(r))));
});

test('an event embed works on a page of an allowed origin: branded, sized by the script, the way in opens the site', async ({ page, request }) => {
  const r = runId();
  const event = await seedEvent(T, organizer, { title: `${r} Partner launch`, eventDateTime: minutesFromNow(24 * 60) });
  const src = tenantUrl(T, `/embed/event?event=${event.eventId}`);
  allowed.pages.set(`event-${r}`, hostPage(src, 'Event'));

  // The headers: the embed names the allowed origin; every other page stays unframeable.
  const embed = await tenantApi(request, T).get(`/embed/event?event=${event.eventId}`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()['content-security-policy']).toContain(`frame-ancestors http://127.0.0.1:${ALLOWED_PORT};`);
  expect(embed.headers()['x-frame-options']).toBeUndefined();
  const preview = await tenantApi(request, T).get(`/preview?event=${event.eventId}`);
  expect(preview.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(preview.headers()['x-frame-options']).toBe('SAMEORIGIN');
  const signInWindow = await tenantApi(request, T).get(`/embed/signIn?pair=${'a'.repeat(43)}`, { maxRedirects: 0 });
  expect(signInWindow.headers()['x-frame-options']).toBe('SAMEORIGIN');
  // Another tenant lists no origin: its embeds refuse every framer.
  const solanaEvent = await seedEvent('solana', { sub: organizer.sub, name: 'Org', email: organizer.username, language: 'en' }, { title: `${r} Solana` });
  const solana = await tenantApi(request, 'solana').get(`/embed/event?event=${solanaEvent.eventId}`);
  expect(solana.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto(`${allowed.origin}/event-${r}`);
    const iframe = page.locator('iframe[data-platform-embed]');
    const frame = page.frameLocator('iframe[data-platform-embed]');
    await expect(frame.getByTestId('embed-title')).toHaveText(`${r} Partner launch`);
    await expect(frame.getByTestId('embed-logo')).toBeVisible();
    await expect(frame.getByTestId('embed-way-in')).toHaveText(/Register|Join the room/);
    await expect(frame.getByTestId('embed-way-in')).toHaveAttribute('target', '_blank');
    // No site chrome inside the frame.
    await expect(frame.locator('footer')).toHaveCount(0);
    await expect(frame.getByRole('navigation')).toHaveCount(0);
    // The script sized the frame to its content (not the 420 px the snippet starts with).
    // The frame's page hydrates before it posts its height: on a loaded machine that takes longer than the default 7 s.
    await expect(iframe).toHaveAttribute('data-embed-ready', 'true', { timeout: 30_000 });
    const contentHeight = await frame.getByTestId('embed').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    await expect.poll(async () => Math.abs((await iframe.evaluate((el) => el.getBoundingClientRect().height)) - contentHeight)).toBeLessThanOrEqual(2);
    expect(contentHeight).not.toBe(420);
    await page.screenshot({ path: `/tmp/embeds-event-${name}.png`, fullPage: true });
  }
});

// Chromium logs its refusal as a console error, which is what this test looks for: no console guard.
unguarded('the same embed on a page of an origin not on the list is refused by the browser', async ({ page }) => {
  const r = runId();
  const event = await seedEvent(T, organizer, { title: `${r} Not here` });
  refused.pages.set(`event-${r}`, hostPage(tenantUrl(T, `/embed/event?event=${event.eventId}`), 'Event'));
  const refusals: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
  });
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`${refused.origin}/event-${r}`);
  await expect(page.locator('#after')).toBeVisible();
  // Chromium blocks the document (CSP frame-ancestors) and shows its error page in the frame instead.
  await expect.poll(() => page.frames().find((f) => f !== page.mainFrame())?.url()).toMatch(/^chrome-error:/);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`frame-ancestors http://127.0.0.1:${ALLOWED_PORT}`);
  await expect(page.frameLocator('iframe[data-platform-embed]').getByTestId('embed-title')).toHaveCount(0);
  await expect(page.locator('iframe[data-platform-embed]')).not.toHaveAttribute('data-embed-ready', 'true');
  await page.screenshot({ path: '/tmp/embeds-refused-desktop.png' });
});

test('with third-party cookies blocked, a member signs in from the frame through the site’s window and the video plays', async ({ page, request }) => {
  const r = runId();
  const member = await createUser(T, 'embed-member');
  const video = await seedLongVideo(e2eMediaData(T), { owner: { sub: organizer.sub, name: 'Org' }, title: `${r} Members replay`, visibility: 'tenant' });
  allowed.pages.set(`video-${r}`, hostPage(tenantUrl(T, `/embed/video?mediaId=${video.id}`), 'Video'));
  await page.setViewportSize(WIDTHS.desktop);
  await blockThirdPartyCookies(page);
  // Signed in to the site (first-party cookies), and a third-party probe cookie the frame must not see.
  await signInContext(page.context(), request, member);
  await page.context().addCookies([{ name: 'probe3p', value: '1', domain: `${T}.localhost`, path: '/', sameSite: 'None', secure: true }]);

  await page.goto(`${allowed.origin}/video-${r}`);
  const frame = page.frameLocator('iframe[data-platform-embed]');
  // The site's own session does not reach the frame: the members' video is locked there.
  await expect(frame.getByTestId('embed-problem')).toHaveAttribute('data-problem', 'signIn');
  expect(await frame.locator('html').evaluate(() => document.cookie)).not.toContain('probe3p');

  const popupOpened = page.waitForEvent('popup');
  await frame.getByTestId('embed-sign-in').click();
  const popup = await popupOpened;
  await expect(frame.getByTestId('embed-sign-in-waiting')).toBeVisible();
  // The site's window, first-party: already signed in, it asks before letting the frame in.
  await expect(popup.getByTestId('embed-confirm-allow')).toBeVisible();
  await expect(popup.getByText(`signed in to Aurora Live as ${member.name}`, { exact: false })).toBeVisible();
  await hydrated(popup);
  await popup.getByTestId('embed-confirm-allow').click();
  await expect(popup.getByTestId('embed-confirm-done')).toBeVisible();

  // The frame collected the grant, reloaded with its own partitioned session, and plays the video.
  await expect(frame.getByTestId('embed-title')).toHaveText(`${r} Members replay`, { timeout: 20_000 });
  await expect(frame.getByTestId('embed-signed-in')).toBeVisible();
  await expect(frame.locator('video')).toHaveCount(1);
  await expect(page.locator('iframe[data-platform-embed]')).toHaveAttribute('data-signed-in', 'true');
  expect(await frame.locator('html').evaluate(() => document.cookie)).not.toContain('probe3p');
  await page.screenshot({ path: '/tmp/embeds-video-signed-in-desktop.png', fullPage: true });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: '/tmp/embeds-video-signed-in-phone.png', fullPage: true });

  // Signing out in the frame ends only the frame's session.
  await frame.getByTestId('embed-sign-out').click();
  await expect(frame.getByTestId('embed-problem')).toHaveAttribute('data-problem', 'signIn');
});

test('an organizer copies the embed code of their event from My events', async ({ page }) => {
  const r = runId();
  await seedEvent(T, organizer, { title: `${r} Embeddable` });
  await signInContext(page.context(), page.request, organizer);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(tenantUrl(T, '/userDashboard?tab=MyEvents'));
  await hydrated(page);
  await page.getByRole('button', { name: `Embed code for ${r} Embeddable` }).click();
  const dialog = page.getByTestId('embed-code-dialog');
  await expect(dialog).toBeVisible();
  const code = await dialog.getByTestId('embed-code').inputValue();
  expect(code).toContain(`<script src="${tenantUrl(T, '/embed.js')}" async></script>`);
  expect(code).toMatch(/<iframe data-platform-embed src="http:\/\/aurora\.localhost:\d+\/embed\/event\?event=[^"]+"/);
  await page.screenshot({ path: '/tmp/embeds-code-desktop.png' });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: '/tmp/embeds-code-phone.png' });
});

/** Axe's WCAG 2.1 A and AA rules on the page as it is now: the violations, by rule and first target. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }),
  );
  return results.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

test('the embed page and the sign-in window pass axe at 390 and 1280 px', async ({ page }) => {
  const r = runId();
  const event = await seedEvent(T, organizer, { title: `${r} Accessible` });
  await signInContext(page.context(), page.request, organizer);
  for (const viewport of Object.values(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto(tenantUrl(T, `/embed/event?event=${event.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('embed-title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(tenantUrl(T, `/embed/signIn?pair=${'b'.repeat(43)}`));
    await hydrated(page);
    await expect(page.getByTestId('embed-confirm-allow')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  }
  // A malformed request is a clear 400 in words, not an error page.
  const bad = await page.goto(tenantUrl(T, '/embed/signIn?pair=short'));
  expect(bad?.status()).toBe(400);
  await expect(page.getByTestId('embed-confirm-expired')).toBeVisible();
});
