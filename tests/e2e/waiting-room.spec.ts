/**
 * The waiting room (issue 28, item 3; docs/decisions/0082): the organizer switches on "Hosts admit
 * participants" in the event form; a participant who passes every other gate waits in a branded
 * waiting room with the event's title and a message, and gets no LiveKit token; the organizer sees
 * them in the room's queue (name, photo) and admits them from the keyboard; the participant's page
 * flips to the room by itself and a token is issued. A second participant is denied with a reason
 * and sees it; reloads keep both standings. The screens are screenshot at 390 and 1280 px into
 * test-results/waiting-*.png.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { minutesFromNow, e2eData, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { cutVideoService } from './media-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

const T = 'aurora';
const LAYOUT = 'liveEventsContainer';

async function open(browser: Browser, request: Parameters<typeof signInContext>[1], user: TestUser, path: string, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  await signInContext(context, request, user);
  const page = await context.newPage();
  // The room's video is not what this is about: the token is asked for directly.
  await cutVideoService(page);
  await page.goto(tenantUrl(T, path));
  await hydrated(page);
  return { context, page };
}

/** A fetch from the person's page (same origin, their session cookie): status and JSON body. */
async function call(page: Page, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, body === undefined ? { headers: { Accept: 'application/json' } } : { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    { path, body },
  );
}

/** POST /api/events/token as the person. */
async function tokenStatus(page: Page, eventId: string): Promise<{ status: number; token: unknown }> {
  const res = await call(page, '/api/events/token', { eventId });
  return { status: res.status, token: res.json.token };
}

test('hosts admit participants: wait, admit from the keyboard, deny with a reason, reloads keep it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const [orgUser, anaUser, boUser] = await Promise.all([createUser(T, 'wait-org', 'organizer'), createUser(T, 'wait-ana'), createUser(T, 'wait-bo')]);
  // Open to participants now (they enter 5 minutes before the start).
  const seeded = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(4), eventTimeZone: 'UTC', layout: LAYOUT });
  const { eventId } = seeded;
  const roomPath = `/${LAYOUT}?event=${eventId}`;

  // The organizer switches the option on in the event form.
  const org = await open(browser, request, orgUser, `/scheduleEvents?event=${eventId}`);
  const option = org.page.getByRole('checkbox', { name: 'Hosts admit participants' });
  await expect(option).not.toBeChecked();
  await option.check();
  await org.page.getByTestId('event-submit').click();
  await expect(org.page).toHaveURL(new RegExp(`/scheduleEvents\\?event=${eventId}&updated=1`));
  await expect(org.page.getByRole('checkbox', { name: 'Hosts admit participants' })).toBeChecked();
  expect((await e2eData(T).events.get(eventId))?.hostsAdmit).toBe(true);

  // A participant waits: the branded waiting room with the title and a message, and no token.
  const ana = await open(browser, request, anaUser, roomPath, { width: 390, height: 844 });
  await expect(ana.page.getByTestId('waiting-room')).toBeVisible();
  await expect(ana.page.getByRole('heading', { level: 1 })).toHaveText('A host will let you in shortly');
  await expect(ana.page.getByTestId('waiting-event-title')).toHaveText(seeded.title);
  await expect(ana.page.getByText('The hosts know you are here.')).toBeVisible();
  await expect(ana.page.getByTestId('room')).toHaveCount(0);
  expect((await tokenStatus(ana.page, eventId)).status).toBe(403);
  await ana.page.screenshot({ path: 'test-results/waiting-room-390.png' });

  // The organizer's room shows the queue; the organizer never waits.
  await org.page.goto(tenantUrl(T, roomPath));
  await hydrated(org.page);
  await expect(org.page.getByTestId('room')).toBeVisible();
  const queue = org.page.getByTestId('waiting-queue');
  const anaEntry = queue.locator(`[data-testid="waiting-entry"][data-user="${anaUser.sub}"]`);
  await expect(anaEntry).toBeVisible({ timeout: 15_000 });
  await expect(anaEntry.getByTestId('waiting-entry-name')).toHaveText(anaUser.name);
  await expect(queue.getByTestId('waiting-queue-count')).toHaveText('1 waiting');
  await queue.screenshot({ path: 'test-results/waiting-queue-1280.png' });

  // A second participant arrives, and a host denies them with a reason.
  const bo = await open(browser, request, boUser, roomPath);
  await expect(bo.page.getByTestId('waiting-room')).toBeVisible();
  await expect(bo.page.getByRole('heading', { level: 1 })).toHaveText('A host will let you in shortly');
  await bo.page.screenshot({ path: 'test-results/waiting-room-1280.png' });
  const boEntry = queue.locator(`[data-testid="waiting-entry"][data-user="${boUser.sub}"]`);
  await expect(boEntry).toBeVisible({ timeout: 15_000 });
  await expect(queue.getByTestId('waiting-queue-count')).toHaveText('2 waiting');
  // On a phone the queue is in the dock's Host tab, whose badge counts the people waiting.
  await org.page.setViewportSize({ width: 390, height: 844 });
  const hostTab = org.page.getByTestId('tab-host');
  await expect(hostTab.getByTestId('tab-host-waiting')).toHaveText('2');
  await expect(hostTab.getByTestId('tab-host-waiting')).toHaveAccessibleName('2 people waiting to be admitted');
  await expect(org.page.getByTestId('chat-input')).toBeInViewport();
  await hostTab.click();
  await expect(queue.getByTestId('waiting-queue-count')).toHaveText('2 waiting');
  await org.page.screenshot({ path: 'test-results/waiting-host-tab-390.png' });
  await org.page.setViewportSize({ width: 1280, height: 900 });
  await boEntry.getByRole('button', { name: `Deny ${boUser.name}` }).click();
  const reason = queue.getByRole('textbox', { name: 'Reason (optional)' });
  await expect(reason).toBeFocused();
  await reason.fill('This session is for members of the club.');
  await reason.press('Enter');
  await expect(boEntry).toHaveCount(0);
  await expect(bo.page.getByTestId('waiting-denied')).toBeVisible({ timeout: 15_000 });
  await expect(bo.page.getByTestId('waiting-denied-reason')).toHaveText('The host said: This session is for members of the club.');
  expect((await tokenStatus(bo.page, eventId)).status).toBe(403);
  await bo.page.screenshot({ path: 'test-results/waiting-denied-1280.png' });

  // The organizer admits the first from the keyboard: the participant's page becomes the room by itself.
  const admit = anaEntry.getByRole('button', { name: `Admit ${anaUser.name}` });
  await admit.focus();
  await org.page.keyboard.press('Enter');
  await expect(anaEntry).toHaveCount(0);
  await expect(queue.getByTestId('waiting-queue-empty')).toBeVisible();
  await expect(ana.page.getByTestId('room')).toBeVisible({ timeout: 15_000 });
  const token = await tokenStatus(ana.page, eventId);
  expect(token.status).toBe(200);
  expect(typeof token.token).toBe('string');

  // Reloads keep both standings.
  await ana.page.reload();
  await hydrated(ana.page);
  await expect(ana.page.getByTestId('room')).toBeVisible();
  await expect(ana.page.getByTestId('waiting-room')).toHaveCount(0);
  await bo.page.reload();
  await hydrated(bo.page);
  await expect(bo.page.getByTestId('waiting-denied')).toBeVisible();
  await expect(bo.page.getByTestId('waiting-denied-reason')).toContainText('This session is for members of the club.');

  // The queue on a phone, with its recent decisions.
  // On a phone the queue is in the dock's Host tab, so the chat keeps its height.
  await org.page.setViewportSize({ width: 390, height: 844 });
  await org.page.getByTestId('tab-host').click();
  await queue.scrollIntoViewIfNeeded();
  await expect(queue.getByTestId('waiting-decided')).toHaveCount(2);
  await org.page.screenshot({ path: 'test-results/waiting-queue-390.png' });

  for (const p of [org, ana, bo]) await p.context.close();
});

test('the waiting room API answers another tenant’s event as not found, and a participant may not admit', async ({ browser, request }) => {
  const [orgUser, parUser, otherUser] = await Promise.all([createUser(T, 'wait-org2', 'organizer'), createUser(T, 'wait-par2'), createUser('solana', 'wait-other')]);
  const { eventId } = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(4), eventTimeZone: 'UTC', layout: LAYOUT, hostsAdmit: true });
  const par = await open(browser, request, parUser, `/${LAYOUT}?event=${eventId}`);
  await expect(par.page.getByTestId('waiting-room')).toBeVisible();
  expect((await call(par.page, '/api/waitingRoom', { eventId, action: 'admit', userIds: [parUser.sub] })).status).toBe(403);
  expect((await call(par.page, '/api/waitingRoom', { eventId, action: 'admit', all: true })).status).toBe(403);
  expect(await call(par.page, `/api/waitingRoom?event=${eventId}`)).toEqual({ status: 200, json: { state: 'waiting' } });

  // Another tenant's member asking about this event on their own site: not found, like any other tenant mismatch.
  const context = await browser.newContext();
  await signInContext(context, request, otherUser);
  const page = await context.newPage();
  await page.goto(tenantUrl('solana', '/'));
  expect((await call(page, `/api/waitingRoom?event=${eventId}`)).status).toBe(404);
  expect((await call(page, '/api/waitingRoom', { eventId, action: 'knock' })).status).toBe(404);
  await context.close();
  await par.context.close();
});
