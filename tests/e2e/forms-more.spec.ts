import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { e2eData } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';
import { testMark } from './marks';

/**
 * Forms that help, round two (issue 16, item 3): the consultation settings and the consultation
 * booking form, and the media library's edit dialog and playlist names, report every bad field at the first submit with the rule's numbers, count what is
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
  const channelName = `Advice ${testMark()}`;
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
  const channelId = await newChannel(organizer, `Advice ${testMark()}`);
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

test('media library: title, description and tags wrong at once are all reported, counted and kept; a playlist name states its own limit', async ({ page, context, request }) => {
  const organizer = await createUser('aurora', 'fm-lib', 'organizer');
  const r = `r${randomBytes(4).toString('hex')}`;
  const item = await seedMediaItem(e2eMediaData('aurora'), { kind: 'image', owner: { sub: organizer.sub }, title: `${r} Lobby photo` });
  await signInContext(context, request, organizer);
  await page.goto(tenantUrl('aurora', `/uploadCustomerMedia?q=${r}`));
  await hydrated(page);
  await page.locator(`[data-testid="library-item"][data-title="${r} Lobby photo"]`).getByTestId('library-edit-open').click();
  const dialog = page.getByTestId('library-edit');
  const title = dialog.getByTestId('library-edit-title');
  const description = dialog.getByTestId('library-edit-description');
  const longTitle = 'T'.repeat(201);
  const longDescription = 'd'.repeat(2001);
  const manyTags = Array.from({ length: 21 }, (_, i) => `tag${i}`).join(', ');
  await title.fill(longTitle);
  await description.fill(longDescription);
  await dialog.getByTestId('library-edit-tags').fill(manyTags);
  await expect(dialog.getByTestId('counter-title')).toContainText('201 / 200');
  await expect(dialog.getByTestId('counter-description')).toContainText('2,001 / 2,000');

  await dialog.getByTestId('library-edit-save').click();
  const summary = dialog.getByTestId('form-alert');
  await expect(summary).toBeVisible();
  await expect(dialog.getByTestId('library-edit-title-error')).toHaveText('Use at most 200 characters for the title.');
  await expect(dialog.getByTestId('library-edit-description-error')).toHaveText('Use at most 2,000 characters for the description.');
  await expect(dialog.getByTestId('library-edit-tags-error')).toHaveText('Use at most 20 tags of up to 40 characters each.');
  await expect.poll(() => focusedTestId(page)).toBe('form-alert');
  await expect(title).toHaveValue(longTitle);
  await expect(description).toHaveValue(longDescription);
  expect((await e2eMediaData('aurora').media.get(item.id))?.title).toBe(`${r} Lobby photo`);

  // A playlist's name has a limit of its own, and its message says so.
  await page.goto(tenantUrl('aurora', '/audioPlaylistUpload'));
  await hydrated(page);
  const longName = 'p'.repeat(121);
  await page.getByTestId('playlists-new-title').fill(longName);
  await expect(page.getByTestId('counter-title')).toContainText('121 / 120');
  await page.getByTestId('playlists-create').click();
  await expect(page.getByTestId('playlists-new-error')).toHaveText('Use at most 120 characters for the title.');
  await expect(page.getByTestId('playlists-new-title')).toHaveValue(longName);
});

test('contact form without script: every bad field at once, each message with its rule, the message limits in its hint, long text kept', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/contactUs'));
  const message = page.getByLabel('Message');
  await expect(page.locator('#contactUs-message-help')).toHaveText('10 to 5,000 characters.');
  await expect(message).toHaveAttribute('aria-describedby', /contactUs-message-help/);
  const longName = 'N'.repeat(101);
  const longSubject = 'S'.repeat(151);
  const longMessage = 'm'.repeat(5001);
  await page.getByLabel('Full name').fill(longName);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Subject').fill(longSubject);
  await message.fill(longMessage);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('error-name')).toHaveText('Please use at most 100 characters.');
  await expect(page.getByTestId('error-email')).toHaveText('Please enter a valid email address, such as name@example.com.');
  await expect(page.getByTestId('error-subject')).toHaveText('Please use at most 150 characters.');
  await expect(page.getByTestId('error-message')).toHaveText('Please use at most 5,000 characters.');
  await expect(page.getByTestId('form-alert').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByLabel('Full name')).toHaveValue(longName);
  await expect(page.getByLabel('Subject')).toHaveValue(longSubject);
  await expect(message).toHaveValue(longMessage);
});
