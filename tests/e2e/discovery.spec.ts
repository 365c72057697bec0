import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext } from './session-helpers';

/**
 * Discovery screens: /liveEvents (sections, search, language filter, paging with and without
 * JavaScript), /eventsCalendar in two time zones, /preview (countdown, states, tenant isolation)
 * and the home page's upcoming events. The render cache keeps anonymous pages 30 s per URL, so
 * every test searches for, or adds to the URL, a word of its own.
 */
const word = () => `w${randomBytes(5).toString('hex')}`;
const organizer = { sub: 'discovery-organizer', name: 'Grace Organizer', email: 'grace@example.com', language: 'en' };

async function englishContext(browser: Browser, tenant: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'lng', value: 'en', domain: `${tenant}.localhost`, path: '/' }]);
  return context;
}

/** Console errors fail a test here too, for pages opened in contexts of their own. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test.describe('/liveEvents', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  });

  test('live and upcoming events in their sections; search and filter; no match', async ({ page }) => {
    const w = word();
    const live = await seedEvent('aurora', organizer, { title: `Live keynote ${w}`, eventDateTime: minutesFromNow(-10), eventDuration: 60 });
    const soon = await seedEvent('aurora', organizer, { title: `Upcoming panel ${w}`, eventDateTime: minutesFromNow(180) });
    const past = await seedEvent('aurora', organizer, { title: `Finished talk ${w}`, eventDateTime: minutesFromNow(-200), eventDuration: 60 });

    await page.goto(tenantUrl('aurora', `/liveEvents?q=${w}`));
    const liveSection = page.getByTestId('section-live-now');
    const upcomingSection = page.getByTestId('section-upcoming');
    await expect(liveSection.getByRole('heading', { name: 'Live now' })).toBeVisible();
    await expect(liveSection.getByRole('link', { name: live.title })).toHaveAttribute('href', `/preview?event=${live.eventId}`);
    await expect(liveSection.locator(`[data-event-id="${live.eventId}"] [data-testid="event-status"]`)).toHaveText('Live now');
    await expect(upcomingSection.getByRole('link', { name: soon.title })).toBeVisible();
    await expect(upcomingSection.locator(`[data-event-id="${soon.eventId}"]`)).toContainText('60 minutes · English');
    await expect(upcomingSection.locator(`[data-event-id="${soon.eventId}"]`)).toContainText('by Grace Organizer');
    await expect(page.locator(`[data-event-id="${past.eventId}"]`)).toHaveCount(0);
    await expect(page.getByTestId('event-card')).toHaveCount(2);
    // The search box keeps the words searched for.
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue(w);

    // Filter by state through the form.
    await page.getByRole('search').getByLabel('Show').selectOption('upcoming');
    await page.getByTestId('search-submit').click();
    await expect(page).toHaveURL(new RegExp(`filter=upcoming`));
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: soon.title })).toBeVisible();
    await expect(page.getByTestId('section-live-now')).toHaveCount(0);

    await page.goto(tenantUrl('aurora', `/liveEvents?q=${w}&filter=live`));
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: live.title })).toBeVisible();

    await page.goto(tenantUrl('aurora', `/liveEvents?q=${w}nothing`));
    await expect(page.getByTestId('events-no-match')).toContainText('No events match your search');
    await page.getByTestId('events-no-match').getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(/\/liveEvents$/);
  });

  test('language filter among the tenant’s languages', async ({ browser }) => {
    const w = word();
    const spanish = await seedEvent('solana', organizer, { title: `Charla ${w}`, eventLanguage: 'es' });
    const english = await seedEvent('solana', organizer, { title: `Talk ${w}`, eventLanguage: 'en' });
    const context = await englishContext(browser, 'solana');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(tenantUrl('solana', `/liveEvents?q=${w}`));
    await expect(page.getByTestId('event-card')).toHaveCount(2);
    await page.getByRole('search').getByLabel('Language').selectOption('es');
    await page.getByTestId('search-submit').click();
    await expect(page).toHaveURL(/lang=es/);
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(page.locator(`[data-event-id="${spanish.eventId}"]`)).toContainText('Español');
    await expect(page.locator(`[data-event-id="${english.eventId}"]`)).toHaveCount(0);
    // A language the tenant does not offer is ignored rather than refused.
    await page.goto(tenantUrl('solana', `/liveEvents?q=${w}&lang=xx`));
    await expect(page.getByTestId('event-card')).toHaveCount(2);
    await context.close();
    expect(errors).toEqual([]);
  });

  // Signed out, the list comes without the client app and "More events" is the link to the next page
  // (the test below, docs/decisions/0069); a member's hydrated list appends it in place.
  test('"More events" appends the next page in place for a member', async ({ page, context, request }) => {
    await signInContext(context, request, await createUser('aurora', 'discovery-more'));
    const w = word();
    for (let i = 0; i < 14; i++) await seedEvent('aurora', organizer, { title: `Series ${w} part ${String(i).padStart(2, '0')}`, eventDateTime: minutesFromNow(300 + i * 30) });
    await page.goto(tenantUrl('aurora', `/liveEvents?q=${w}`), { waitUntil: 'networkidle' });
    await expect(page.getByTestId('event-card')).toHaveCount(12);
    await expect(page.getByTestId('event-card').first()).toContainText(`Series ${w} part 00`);
    // Hydration runs in a transition after load, and a fiber can carry its props before React has
    // committed the root: a click then is the plain link's navigation. Click once the root committed.
    await pageHydrated(page);
    await page.getByTestId('more-events').click();
    await expect(page.getByTestId('event-card')).toHaveCount(14);
    await expect(page.getByTestId('event-card').last()).toContainText(`Series ${w} part 13`);
    await expect(page).toHaveURL(new RegExp(`/liveEvents\\?q=${w}$`));
    await expect(page.getByTestId('more-events')).toHaveCount(0);
    // Focus moved to the first card that arrived.
    await expect(page.getByRole('link', { name: `Series ${w} part 12` })).toBeFocused();
  });

  test('without JavaScript "More events" is a link to the next page', async ({ browser }) => {
    const w = word();
    for (let i = 0; i < 13; i++) await seedEvent('aurora', organizer, { title: `Plain ${w} ${String(i).padStart(2, '0')}`, eventDateTime: minutesFromNow(400 + i * 30) });
    const context = await englishContext(browser, 'aurora', { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl('aurora', `/liveEvents?q=${w}`));
    await expect(page.getByTestId('event-card')).toHaveCount(12);
    await page.getByTestId('more-events').click();
    await expect(page).toHaveURL(/cursor=/);
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(page.getByTestId('event-card')).toContainText(`Plain ${w} 12`);
    await page.getByRole('link', { name: 'Back to the first events' }).click();
    await expect(page.getByTestId('event-card')).toHaveCount(12);
    await context.close();
  });
});

test.describe('/eventsCalendar', () => {
  const hhmm = (iso: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

  test('one event at different local hours in New York and Tokyo, in month, week and agenda views', async ({ browser }) => {
    test.slow();
    const w = word();
    // 15:00 UTC some six weeks ahead (a day no other test fills): 10 or 11 in New York, midnight of the next day in Tokyo.
    const day = new Date(Date.now() + (40 + Math.floor(Math.random() * 15)) * 86_400_000);
    day.setUTCHours(15, 0, 0, 0);
    const start = day.toISOString();
    const event = await seedEvent('aurora', organizer, { title: `Calendar ${w}`, eventDateTime: start });
    const seen: Record<string, string> = {};
    for (const timezoneId of ['America/New_York', 'Asia/Tokyo']) {
      const context = await englishContext(browser, 'aurora', { timezoneId, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(tenantUrl('aurora', `/eventsCalendar?v=${w}`));
      const calendar = page.getByTestId('events-calendar');
      await expect(calendar).toHaveAttribute('data-zone', timezoneId);
      await expect(calendar).toHaveAttribute('data-view', 'month');
      await expect(page.getByTestId('zone-shown')).toHaveText(`Times are shown in ${timezoneId}.`);
      const entry = calendar.locator(`[data-testid="calendar-event"][data-event-id="${event.eventId}"]`);
      const local = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: timezoneId, ...options }).format(day);

      // Month view: step forward to the event's month (in this zone).
      const month = local({ month: 'long', year: 'numeric' });
      const label = calendar.locator('.rbc-toolbar-label');
      for (let i = 0; i < 4 && (await label.textContent()) !== month; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(label).toHaveText(month);
      await expect(entry).toHaveAttribute('data-local-start', hhmm(start, timezoneId));
      await expect(entry).toHaveAttribute('data-local-date', new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(day));

      // The day's number opens its week.
      await calendar.locator('.rbc-date-cell:not(.rbc-off-range) button', { hasText: new RegExp(`^${local({ day: '2-digit' })}$`) }).click();
      await expect(calendar).toHaveAttribute('data-view', 'week');
      await expect(entry.first()).toBeVisible();
      await expect(entry.first()).toHaveAttribute('data-local-start', hhmm(start, timezoneId));

      // The agenda lists it from that day on, with its local time.
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await expect(calendar).toHaveAttribute('data-view', 'agenda');
      await expect(entry).toHaveAttribute('data-local-start', hhmm(start, timezoneId));
      seen[timezoneId] = (await entry.getAttribute('data-local-start')) ?? '';

      // Keyboard: the event opens its details, whose link opens its page.
      await entry.focus();
      await page.keyboard.press('Enter');
      const action = page.getByTestId('calendar-popover').getByTestId('calendar-event-action');
      await expect(action).toHaveAttribute('href', `/preview?event=${event.eventId}`);
      await action.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/preview\\?event=${event.eventId}$`));
      await expect(page.getByTestId('event-title')).toHaveText(event.title);
      await context.close();
      expect(errors).toEqual([]);
    }
    expect(seen['America/New_York']).not.toBe(seen['Asia/Tokyo']);
    expect(seen['Asia/Tokyo']).toBe('00:00');
  });

  test('another zone can be chosen and is remembered', async ({ browser }) => {
    test.slow();
    const w = word();
    const start = new Date(Math.ceil((Date.now() + 90 * 60_000) / 1_800_000) * 1_800_000).toISOString();
    const event = await seedEvent('aurora', organizer, { title: `Zoned ${w}`, eventDateTime: start });
    const context = await englishContext(browser, 'aurora', { timezoneId: 'America/New_York', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(tenantUrl('aurora', `/eventsCalendar?v=${w}`));
    const calendar = page.getByTestId('events-calendar');
    // Phones open on the agenda.
    await expect(calendar).toHaveAttribute('data-view', 'agenda');
    await page.getByTestId('zone-select').selectOption('Asia/Tokyo');
    await expect(calendar).toHaveAttribute('data-zone', 'Asia/Tokyo');
    // An event that runs past midnight in the chosen zone is listed on both days: the first is its start.
    const entry = calendar.locator(`[data-event-id="${event.eventId}"]`).first();
    await expect(entry).toHaveAttribute('data-local-start', hhmm(start, 'Asia/Tokyo'));
    await page.reload();
    await expect(page.getByTestId('events-calendar')).toHaveAttribute('data-zone', 'Asia/Tokyo');
    await expect(page.getByTestId('zone-select')).toHaveValue('Asia/Tokyo');
    await context.close();
    expect(errors).toEqual([]);
  });

  test('without JavaScript the period is listed', async ({ browser }) => {
    const w = word();
    const event = await seedEvent('aurora', organizer, { title: `Listed ${w}`, eventDateTime: minutesFromNow(75) });
    const plain = await englishContext(browser, 'aurora', { javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(tenantUrl('aurora', `/eventsCalendar?v=${w}`));
    await expect(noJs.getByTestId('calendar-skeleton')).toBeHidden();
    await expect(noJs.getByTestId('calendar-list').getByRole('link', { name: event.title })).toHaveAttribute('href', `/preview?event=${event.eventId}`);
    await plain.close();
  });
});

test.describe('/preview', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  });

  test('shows the event, a ticking countdown, both zones and the way in', async ({ page }) => {
    const event = await seedEvent('aurora', organizer, {
      title: `Preview ${word()}`,
      description: 'Line one.\n<b>Not bold</b> and plain.',
      eventDateTime: minutesFromNow(90),
      eventDuration: 45,
      eventTimeZone: 'Europe/Paris',
    });
    await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
    await expect(page.getByTestId('event-title')).toHaveText(event.title);
    await expect(page.getByTestId('event-description')).toHaveText('Line one.\n<b>Not bold</b> and plain.');
    await expect(page.getByTestId('event-status')).toHaveText('Scheduled');
    await expect(page.getByText('In the event’s time zone (Europe/Paris)')).toBeVisible();
    await expect(page.getByText('45 minutes')).toBeVisible();
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toBeVisible();
    const first = Number(await countdown.getAttribute('data-seconds-left'));
    expect(first).toBeGreaterThan(85 * 60);
    expect(first).toBeLessThanOrEqual(90 * 60);
    await expect.poll(async () => Number(await countdown.getAttribute('data-seconds-left')), { timeout: 10_000 }).toBeLessThan(first);
    await expect(page.getByTestId('short-link')).toHaveValue(new RegExp(`/shortUrl\\?c=${event.shortCode}$`));
    await expect(page.getByTestId('join-event')).toHaveText('Sign in to join');
    await expect(page.getByTestId('join-event')).toHaveAttribute('href', `/signIn?redirectTo=${encodeURIComponent(`/ety?event=${event.eventId}`)}`);
    await expect(page.getByTestId('edit-event')).toHaveCount(0);
  });

  test('the organizer gets Join and Edit; a rehearsal is visible to them only', async ({ page, context, request, browser }) => {
    const user = await createUser('aurora', 'preview-org', 'organizer');
    const own = { sub: user.sub, name: 'Preview Organizer', email: user.username, language: 'en' };
    const event = await seedEvent('aurora', own, { title: `Own ${word()}` });
    const rehearsal = await seedEvent('aurora', own, { title: `Rehearsal ${word()}`, eventDateTime: minutesFromNow(0) }, { kind: 'rehearsal' });
    await signInContext(context, request, user);
    await page.goto(tenantUrl('aurora', `/preview?event=${event.eventId}`));
    await expect(page.getByTestId('join-event')).toHaveAttribute('href', `/ety?event=${event.eventId}`);
    await expect(page.getByTestId('edit-event')).toHaveAttribute('href', `/scheduleEvents?event=${event.eventId}`);
    const own200 = await page.goto(tenantUrl('aurora', `/preview?event=${rehearsal.eventId}`));
    expect(own200?.status()).toBe(200);
    await expect(page.getByTestId('unlisted-note')).toBeVisible();

    const anonymous = await englishContext(browser, 'aurora');
    const other = await anonymous.newPage();
    const res = await other.goto(tenantUrl('aurora', `/preview?event=${rehearsal.eventId}`));
    expect(res?.status()).toBe(404);
    await anonymous.close();
  });

  test('cancelled and finished events say so and offer no way in', async ({ page }) => {
    const cancelled = await seedEvent('aurora', organizer, { title: `Cancelled ${word()}` });
    await e2eData('aurora').events.cancel(cancelled.eventId);
    const over = await seedEvent('aurora', organizer, { title: `Over ${word()}`, eventDateTime: minutesFromNow(-300), eventDuration: 60 });
    await page.goto(tenantUrl('aurora', `/preview?event=${cancelled.eventId}`));
    await expect(page.getByTestId('event-cancelled')).toContainText('This event was cancelled');
    await expect(page.getByTestId('event-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('join-event')).toHaveCount(0);
    await page.goto(tenantUrl('aurora', `/preview?event=${over.eventId}`));
    await expect(page.getByTestId('event-over')).toContainText('This event is over');
    await expect(page.getByTestId('join-event')).toHaveCount(0);
    await expect(page.getByTestId('countdown')).toHaveCount(0);
  });

  test('another tenant’s event id and unknown ids answer the branded 404', async ({ page }) => {
    const foreign = await seedEvent('solana', organizer, { title: `Solana only ${word()}` });
    const res = await page.goto(tenantUrl('aurora', `/preview?event=${foreign.eventId}`));
    expect(res?.status()).toBe(404);
    await expect(page.getByText(foreign.title)).toHaveCount(0);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('header img').first()).toHaveAttribute('src', /^\/brand\//);
    for (const id of ['zzzzzzzzzzzz', 'not-an-id', '']) {
      const r = await page.goto(tenantUrl('aurora', `/preview?event=${id}`));
      expect(r?.status(), id).toBe(404);
    }
    // The same id is fine on its own tenant.
    const own = await page.goto(tenantUrl('solana', `/preview?event=${foreign.eventId}`));
    expect(own?.status()).toBe(200);
  });
});

test('home shows the next events, with times in the tenant zone named on the server', async ({ browser }) => {
  // Started almost eight hours ago and still running: it sorts before anything other tests add.
  const event = await seedEvent('lumiere', organizer, { title: `Marathon ${word()}`, eventDateTime: minutesFromNow(-470), eventDuration: 480 });
  for (const m of [60, 120]) await seedEvent('lumiere', organizer, { title: `Next up ${word()}`, eventDateTime: minutesFromNow(m) });
  const context = await englishContext(browser, 'lumiere', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl('lumiere', `/?v=${event.eventId}`));
  const list = page.getByTestId('upcoming-events');
  await expect(list.getByTestId('event-card')).toHaveCount(3);
  const card = list.locator(`[data-event-id="${event.eventId}"]`);
  await expect(card.getByRole('link', { name: event.title })).toHaveAttribute('href', `/preview?event=${event.eventId}`);
  await expect(card.getByTestId('event-status')).toHaveText('Live now');
  await expect(card.locator('time')).toHaveAttribute('data-zone', 'Europe/Paris');
  await expect(card.locator('time')).toHaveText(/GMT\+1|GMT\+2|CET|CEST/);
  await expect(page.getByRole('link', { name: 'See all live events' })).toHaveAttribute('href', '/liveEvents');
  await context.close();
});
