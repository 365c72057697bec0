/**
 * With Chromium's fake camera (its own file: the devices need their own browser): a snapshot becomes
 * the avatar, and in a live room on the real LiveKit server the participant lists show it.
 */
import { seedMediaItem } from '#tests/support/media';
import { e2eData, minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { joinRoom, MEDIA_BROWSER } from './media-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';
import { loaded, saveCropped } from './tools-photo-helpers';

test.use(MEDIA_BROWSER);

test('a snapshot of the camera becomes the avatar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createUser('aurora', 'avatar-cam');
  await signInContext(page.context(), page.request, member);
  await page.goto('/profilePhotoChanger');
  await hydrated(page);
  await page.getByTestId('avatar-camera-start').click();
  await expect(page.getByTestId('avatar-camera-preview')).toBeVisible();
  await expect(page.getByTestId('avatar-camera-take')).toBeEnabled({ timeout: 15_000 });
  await page.screenshot({ path: 'test-reports/tools-photo-avatar-camera-desktop.png', fullPage: true });
  await page.getByTestId('avatar-camera-take').click();
  await saveCropped(page);
  await expect.poll(() => loaded(page, 'account-avatar')).toBe(true);
});

test('in a live room the participant lists show a person’s avatar, and initials for someone without one', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [organizer, member] = await Promise.all([createUser('aurora', 'avatar-room-org', 'organizer'), createUser('aurora', 'avatar-room')]);
  const photo = await seedMediaItem(e2eMediaData('aurora'), { kind: 'image', owner: { sub: member.sub }, title: 'Me' });
  await e2eData('aurora').profiles.save(member.sub, { avatarId: photo.id });
  const event = await seedEvent('aurora', organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const host = await joinRoom(browser, request, organizer, event);
  const guest = await joinRoom(browser, request, member, event);
  const src = `/api/avatar?user=${encodeURIComponent(member.sub)}&v=${photo.id}`;

  // The hosts' list (from the room service): the member's row has the photo, the organizer's none.
  await host.page.getByTestId('tab-participants').click();
  const row = (name: string) => host.page.getByTestId('host-participant').filter({ hasText: name });
  await expect(row(member.name).getByTestId('host-participant-avatar')).toHaveAttribute('src', src, { timeout: 15_000 });
  await expect(row(organizer.name).getByTestId('host-participant-avatar')).toHaveCount(0);

  // The participants' roster (from the video room itself).
  await guest.page.getByTestId('tab-participants').click();
  const roster = guest.page.getByTestId('roster');
  await expect(roster.getByTestId('roster-avatar')).toHaveAttribute('src', src);
  await expect.poll(() => roster.getByTestId('roster-avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(roster.getByRole('listitem')).toHaveCount(2);
  await guest.page.screenshot({ path: 'test-reports/tools-photo-avatar-roster-desktop.png' });
  for (const joined of [host, guest]) {
    await joined.context.close();
    expect(joined.errors).toEqual([]);
  }
});
