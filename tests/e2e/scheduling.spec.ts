import { DateTime } from 'luxon';
import sharp from 'sharp';
import { test, expect, tenantApi, tenantUrl, VIEWPORTS } from './fixtures';
import { seedEvent } from './events-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';
import type { Page } from '@playwright/test';
import { testMark } from './marks';

/** The organizer's side of events: /scheduleEvents, /testScheduler, /shortUrl and the dashboard's event tabs. */
const ZONE = 'America/New_York';
const inDays = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toFormat('yyyy-MM-dd');

const field = (page: Page, name: string) => page.locator(`#event-${name}`);

async function fillEvent(page: Page, values: Partial<Record<'title' | 'description' | 'date' | 'time' | 'eventTimeZone' | 'eventDuration' | 'hosts', string>>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

test.describe('scheduling events', () => {
  test.beforeEach(async ({ context }) => {
    for (const tenant of ['aurora', 'solana']) await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
  });

  test('an organizer schedules an event; it shows in My events and its short link leads to the event page', { tag: '@smoke' }, async ({ page, context, request }) => {
    const organizer = await createUser('aurora', 'org', 'organizer');
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    // Defaults: 60 minutes, owner-only broadcast on, recording to the cloud.
    await expect(field(page, 'eventDuration')).toHaveValue('60');
    await expect(field(page, 'ownerOnlyBroadcast')).toBeChecked();
    await expect(field(page, 'moderateChat')).not.toBeChecked();
    await expect(field(page, 'enableRecording')).toHaveValue('cloud');
    await expect(field(page, 'recordingDestination')).toHaveValue('cloud');

    const title = `Launch night ${testMark()}`;
    await fillEvent(page, { title, description: 'Doors at six.', date: inDays(10), time: '18:30', eventTimeZone: ZONE, eventDuration: '90', hosts: 'Cohost@Example.com' });
    await field(page, 'layout').selectOption('ils');
    await field(page, 'moderateChat').check();
    await field(page, 'startAudioOff').check();
    await field(page, 'recordingDestination').selectOption('download');
    await page.getByTestId('event-submit').click();

    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1$/);
    const eventId = new URL(page.url()).searchParams.get('event')!;
    await expect(page.getByTestId('notice-created')).toContainText('Your event is scheduled.');
    await expect(page.getByTestId('event-title')).toHaveText(title);
    const shortUrl = await page.getByTestId('short-link').inputValue();
    expect(shortUrl).toMatch(new RegExp(`^http://aurora\\.localhost:\\d+/shortUrl\\?c=[A-Za-z0-9]{7}$`));
    await expect(page.getByTestId('open-preview')).toHaveAttribute('href', `/preview?event=${eventId}`);
    await expect(page.getByTestId('open-lobby')).toHaveAttribute('href', `/ety?event=${eventId}`);
    // What was saved comes back in the edit form.
    await expect(field(page, 'time')).toHaveValue('18:30');
    await expect(field(page, 'eventTimeZone')).toHaveValue(ZONE);
    await expect(field(page, 'eventDuration')).toHaveValue('90');
    await expect(field(page, 'layout')).toHaveValue('ils');
    await expect(field(page, 'moderateChat')).toBeChecked();
    await expect(field(page, 'startAudioOff')).toBeChecked();
    await expect(field(page, 'startVideoOff')).not.toBeChecked();
    await expect(field(page, 'recordingDestination')).toHaveValue('download');
    await expect(field(page, 'hosts')).toHaveValue('cohost@example.com');

    // The short link answers 302 to the event page.
    const code = new URL(shortUrl).searchParams.get('c')!;
    const res = await tenantApi(request, 'aurora').get(`/shortUrl?c=${code}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(`/preview?event=${eventId}`);

    // My events lists it with its status and actions.
    await page.goto(tenantUrl('aurora', '/userDashboard?tab=MyEvents'));
    await hydrated(page);
    const row = page.locator(`[data-testid="my-event"][data-event-id="${eventId}"]`);
    await expect(row.getByTestId('my-event-title')).toHaveText(title);
    await expect(row.getByTestId('my-event-status')).toHaveText('Scheduled');
    await expect(row.getByTestId('my-event-edit')).toHaveAttribute('href', `/scheduleEvents?event=${eventId}`);
    await expect(page.getByTestId('my-events-hosting-empty')).toBeVisible();
  });

  test('bad input shows field errors and keeps what was typed', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'bad', 'organizer'));
    await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    await hydrated(page);
    const typed = { title: 'Typed title stays', date: inDays(-1), time: '09:15', eventTimeZone: ZONE, eventDuration: '5', hosts: 'ok@example.com, not-an-email' };
    await fillEvent(page, typed);
    await field(page, 'showTranscription').check();
    await page.getByTestId('event-submit').click();

    const alert = page.getByTestId('form-alert');
    await expect(alert).toContainText('Some fields need your attention.');
    await expect(page.getByTestId('error-date')).toHaveText('Must be in the future: this start has already passed. Choose a later date or time.');
    await expect(page.getByTestId('error-eventDuration')).toHaveText('The duration must be between 15 and 480 minutes.');
    await expect(page.getByTestId('error-hosts')).toHaveText('These are not valid email addresses: not-an-email');
    await expect(page.getByTestId('error-title')).toHaveCount(0);
    await expect(field(page, 'date')).toHaveAttribute('aria-invalid', 'true');
    // The summary links to each field.
    await expect(alert.getByRole('link', { name: /Duration \(minutes\)/ })).toHaveAttribute('href', '#event-eventDuration');
    for (const [name, value] of Object.entries(typed)) await expect(field(page, name)).toHaveValue(value);
    await expect(field(page, 'showTranscription')).toBeChecked();
    await expect(page).toHaveURL(/\/scheduleEvents$/);

    await fillEvent(page, { date: inDays(5), eventTimeZone: 'Mars/Olympus_Mons', eventDuration: '900', hosts: 'ok@example.com' });
    await page.getByTestId('event-submit').click();
    await expect(page.getByTestId('error-eventTimeZone')).toHaveText('This time zone is unknown. Choose one from the list, for example Europe/Paris.');
    await expect(page.getByTestId('error-eventDuration')).toHaveText('The duration must be between 15 and 480 minutes.');
    await expect(page.getByTestId('error-date')).toHaveCount(0);
    await expect(page.getByTestId('error-hosts')).toHaveCount(0);
    await expect(field(page, 'eventTimeZone')).toHaveValue('Mars/Olympus_Mons');
    await expect(field(page, 'eventDuration')).toHaveValue('900');
    await expect(field(page, 'title')).toHaveValue('Typed title stays');

    // Without the browser: the server answers 400 with the same checks.
    const cookie = (await context.cookies(tenantUrl('aurora', '/'))).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await tenantApi(request, 'aurora').post('/scheduleEvents', {
      form: { intent: 'create', title: 'x', date: inDays(3), time: '25:00', eventTimeZone: ZONE, eventDuration: '60', layout: 'ils', enableRecording: 'cloud', recordingDestination: 'cloud' },
      headers: { Cookie: cookie, Origin: new URL(tenantUrl('aurora', '/')).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain('At least 3 characters.');
    expect(html).toContain('Enter a time in 24-hour form');
  });

  test('edit, then cancel behind a confirmation', async ({ page, context, request }) => {
    const organizer = await createUser('aurora', 'edit', 'organizer');
    const event = await seedEvent('aurora', organizer, { title: 'Before the edit', eventTimeZone: ZONE });
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl('aurora', `/scheduleEvents?event=${event.eventId}`));
    await hydrated(page);
    await expect(field(page, 'title')).toHaveValue('Before the edit');
    await fillEvent(page, { title: 'After the edit', eventDuration: '45' });
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(new RegExp(`event=${event.eventId}&updated=1$`));
    await expect(page.getByTestId('notice-updated')).toContainText('Your changes are saved.');
    await expect(page.getByTestId('event-title')).toHaveText('After the edit');
    await expect(field(page, 'eventDuration')).toHaveValue('45');

    // A stale form (someone saved in between) is refused with a clear message, values kept.
    await fillEvent(page, { title: 'Stale tab' });
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[name=updatedAt]');
      if (input) input.value = '2000-01-01T00:00:00.000Z';
    });
    await page.getByTestId('event-submit').click();
    await expect(page.getByTestId('form-alert')).toContainText('Someone else changed this event');
    await expect(field(page, 'title')).toHaveValue('Stale tab');

    // Cancelling asks first; "keep" changes nothing.
    await page.getByTestId('cancel-event').click();
    await expect(page.getByTestId('cancel-dialog')).toBeVisible();
    await page.getByTestId('cancel-keep').click();
    await expect(page.getByTestId('cancel-dialog')).toBeHidden();
    await page.getByTestId('cancel-event').click();
    await page.getByTestId('cancel-confirm').click();
    await expect(page).toHaveURL(new RegExp(`event=${event.eventId}&cancelled=1$`));
    await expect(page.getByTestId('notice-cancelled')).toContainText('The event is cancelled.');
    await expect(page.getByTestId('event-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('event-form')).toHaveCount(0);
  });

  test('an event image becomes the thumbnail, banner and poster', async ({ page, context, request }) => {
    const organizer = await createUser('aurora', 'image', 'organizer');
    const event = await seedEvent('aurora', organizer);
    await signInContext(context, request, organizer);
    await page.goto(tenantUrl('aurora', `/scheduleEvents?event=${event.eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('event-images')).toContainText('No image yet.');
    // A file that is not an image is refused in the browser.
    await page.getByTestId('event-image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByTestId('event-image-error')).toHaveText('Use a JPEG, PNG or WebP image.');
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 40, g: 90, b: 200 } } }).png().toBuffer();
    await page.getByTestId('event-image-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('event-image-status')).toContainText('The images are updated.', { timeout: 30_000 });
    for (const [size, width, height] of [['thumbnail', 125, 125], ['banner', 1024, 256], ['poster', 1280, 720]] as const) {
      const img = page.getByTestId(`event-image-${size}`);
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([width, height]);
    }
  });

  test('members get 403; another organizer and another tenant get 404', async ({ page, context, request, browser }) => {
    const owner = await createUser('aurora', 'owner', 'organizer');
    const event = await seedEvent('aurora', owner);
    // A member of the tenant.
    await signInContext(context, request, await createUser('aurora', 'member'));
    const forbidden = await page.goto(tenantUrl('aurora', '/scheduleEvents'));
    expect(forbidden?.status()).toBe(403);
    expect((await page.goto(tenantUrl('aurora', '/testScheduler')))?.status()).toBe(403);

    // Another organizer of the same tenant: the event is not theirs to edit.
    const other = await browser.newContext();
    await signInContext(other, request, await createUser('aurora', 'other', 'organizer'));
    const otherPage = await other.newPage();
    expect((await otherPage.goto(tenantUrl('aurora', `/scheduleEvents?event=${event.eventId}`)))?.status()).toBe(404);
    await other.close();

    // An organizer of another tenant: the id does not exist there.
    const foreign = await browser.newContext();
    await signInContext(foreign, request, await createUser('solana', 'foreign', 'organizer'));
    const foreignPage = await foreign.newPage();
    expect((await foreignPage.goto(tenantUrl('solana', `/scheduleEvents?event=${event.eventId}`)))?.status()).toBe(404);
    expect((await foreignPage.goto(tenantUrl('solana', `/scheduleEvents?event=nosuchevent1`)))?.status()).toBe(404);
    await foreign.close();

    // Short codes are per tenant too.
    const res = await tenantApi(request, 'solana').get(`/shortUrl?c=${event.shortCode}`, { maxRedirects: 0 });
    expect(res.status()).toBe(404);
  });

  test('an unknown short link shows a clear page', async ({ page }) => {
    const res = await page.goto(tenantUrl('aurora', '/shortUrl?c=Nope123'));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not lead to an event');
    await expect(page.getByRole('link', { name: 'See live and upcoming events' })).toHaveAttribute('href', '/liveEvents');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect((await page.goto(tenantUrl('aurora', '/shortUrl')))?.status()).toBe(404);
  });

  test('a rehearsal opens now and goes straight to the lobby', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'rehearse', 'organizer'));
    await page.goto(tenantUrl('aurora', '/testScheduler'));
    await hydrated(page);
    await expect(page.getByTestId('rehearsal-screen')).toContainText('It is not listed on the events page');
    // The lobby belongs to another screen: answer it here so only the redirect is under test.
    await page.route(/\/ety\?event=/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>lobby</title>' }));
    await page.locator('#rehearsal-title').fill('Sound check');
    await page.getByTestId('start-rehearsal').click();
    await expect(page).toHaveURL(/\/ety\?event=[a-z0-9]{12}$/);
  });

  test('the dashboard form schedules for organizers, on a phone too', async ({ page, context, request }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await signInContext(context, request, await createUser('aurora', 'dash', 'organizer'));
    await page.goto(tenantUrl('aurora', '/userDashboard'));
    await hydrated(page);
    await expect(page.getByRole('tab', { name: 'Schedule an event' })).toHaveAttribute('aria-selected', 'true');
    await fillEvent(page, { title: 'From the dashboard', date: inDays(2), time: '10:00', eventTimeZone: ZONE });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1$/);
    await expect(page.getByTestId('event-title')).toHaveText('From the dashboard');
    await page.goto(tenantUrl('aurora', '/userDashboard?tab=MyEvents'));
    await expect(page.getByTestId('my-events-organizing').getByTestId('my-event-title')).toHaveText('From the dashboard');
  });
});
