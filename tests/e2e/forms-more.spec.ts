import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { e2eData } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

/**
 * Forms that help, round two (issue 16, item 3): the consultation settings and the consultation
 * booking form report every bad field at the first submit with the rule's numbers, count what is
 * typed against each limit, refuse over-long text without cutting it, and put the focus on the
 * error summary.
 */
const ZONE = 'UTC';

test.use({ timezoneId: ZONE });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
});

async function newChannel(organizer: TestUser, name: string) {
  const channel = await e2eData('aurora').channels.create({ userId: organizer.sub, name: 'Olivia' }, { name, about: 'Advice sessions.', introVideoId: null, links: [] }, 'USD');
  return channel.channelId;
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

test('consultation settings: zone, fee and rules wrong at once are all reported, the rules counted and kept whole', async ({ page, context, request }) => {
  const organizer = await createUser('aurora', 'fm-org', 'organizer');
  const channelName = `Advice ${Math.random().toString(36).slice(2, 8)}`;
  const channelId = await newChannel(organizer, channelName);
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl('aurora', '/userDashboard?tab=channels'));
  await hydrated(page);
  const panel = page.getByTestId('managed-channel').filter({ hasText: channelName });
  await panel.getByTestId('channel-consultations').click();
  const settings = panel.getByTestId('consult-settings');
  const rules = settings.getByLabel('Anything else buyers should know (optional)');
  await expect(rules).toBeVisible();

  await settings.getByLabel('Your time zone').fill('Mars/Olympus');
  await settings.getByLabel('Fee (USD)').fill('sixty');
  await settings.getByLabel('Free cancellation until (hours before the start)').fill('400');
  const longRules = 'r'.repeat(1001);
  await rules.fill(longRules);
  // Counted while typing, nothing cut off.
  await expect(settings.getByTestId('counter-rules')).toContainText('1,001 / 1,000');
  await expect(rules).toHaveValue(longRules);

  await settings.getByTestId('consult-settings-save').click();
  const summary = settings.getByTestId('form-alert');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('Choose a valid time zone.');
  await expect(summary).toContainText('Enter a fee such as 60 or 60.50, more than zero.');
  await expect(summary).toContainText('Enter a whole number of hours from 0 to 336.');
  await expect(summary).toContainText('Please use at most 1,000 characters.');
  await expect.poll(() => focusedTestId(page)).toBe('form-alert');
  await expect(rules).toHaveValue(longRules);
  await expect(rules).toHaveAttribute('aria-invalid', 'true');
  expect(await e2eData('aurora').consultations.availability(channelId)).toBeNull();

  // Fixed, it saves.
  await settings.getByLabel('Your time zone').fill('Europe/Paris');
  await settings.getByLabel('Fee (USD)').fill('60');
  await settings.getByLabel('Free cancellation until (hours before the start)').fill('24');
  await rules.fill('Reschedule by email.');
  await settings.getByTestId('consult-settings-save').click();
  await expect(settings.getByTestId('consult-settings-message')).toHaveText('Saved. People can book on the booking page.');
  expect(await e2eData('aurora').consultations.availability(channelId)).toMatchObject({ timeZone: 'Europe/Paris', fee: 6000, cancellationHours: 24, rules: 'Reschedule by email.' });
});

test('consultation booking: no time, a long topic and long notes are all reported at once, counted and kept', async ({ page, context, request }) => {
  const [organizer, buyer] = await Promise.all([createUser('aurora', 'fm-org2', 'organizer'), createUser('aurora', 'fm-buyer')]);
  const channelId = await newChannel(organizer, `Advice ${Math.random().toString(36).slice(2, 8)}`);
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '09:00', to: '12:00' }));
  await e2eData('aurora').consultations.saveAvailability(
    channelId,
    { ownerId: organizer.sub, ownerName: 'Olivia', ownerEmail: organizer.username },
    { timeZone: ZONE, slotMinutes: 30, fee: 6000, cancellationHours: 24, rules: '', weekly, enabled: true },
  );
  await signInContext(context, request, buyer);
  const date = DateTime.utc().plus({ days: 3 }).toFormat('yyyy-MM-dd');
  await page.goto(tenantUrl('aurora', `/consultationForm?channel=${channelId}&date=${date}&tz=${ZONE}`));
  await hydrated(page);
  await expect(page.getByTestId('consult-slots')).toBeVisible();

  const topic = page.locator('#consult-topic');
  const notes = page.locator('#consult-notes');
  const longTopic = 't'.repeat(121);
  const longNotes = 'n'.repeat(2001);
  await topic.fill(longTopic);
  await notes.fill(longNotes);
  await expect(page.getByTestId('counter-topic')).toContainText('121 / 120');
  await expect(page.getByTestId('counter-notes')).toContainText('2,001 / 2,000');
  await expect(topic).toHaveValue(longTopic);
  await expect(notes).toHaveValue(longNotes);

  await page.getByTestId('consult-pay').click();
  const summary = page.getByTestId('form-alert');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('error-start')).toHaveText('Choose one of the free times.');
  await expect(page.getByTestId('error-topic')).toHaveText('Tell us the topic in 3 to 120 characters.');
  await expect(page.getByTestId('error-notes')).toHaveText('Please use at most 2,000 characters.');
  await expect.poll(() => focusedTestId(page)).toBe('form-alert');
  await expect(topic).toHaveValue(longTopic);
  await expect(notes).toHaveValue(longNotes);
  await expect(page).toHaveURL(/\/consultationForm\?channel=/);
});
