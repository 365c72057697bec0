/**
 * The room on a phone, in every brand (issue 25): at 360, 390 and 430 px the organizer reaches
 * every stage control (on the row or through its "More" menu: microphone, camera, Share screen,
 * the recording and host tools, Leave), the stage shows the speaker's picture whole in a 16:9 box
 * rather than a cropped strip, the recording panel reads whole once opened, and the chat stays
 * usable; the participant's stage is the same. The room is screenshot at 360, 390, 430 and 1280 px
 * as organizer and participant on each tenant (real LiveKit, fake camera and microphone).
 */
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, TENANTS, test } from './fixtures';
import { expectRemoteVideoPlaying, MEDIA_BROWSER } from './media-helpers';
import { DESKTOP, joinAt, keepScreenshot, phone, PHONE_WIDTHS, reachStageControl, usable, videoShape } from './room-phone-helpers';
import { createUser } from './session-helpers';
import type { Page } from '@playwright/test';

test.use(MEDIA_BROWSER);

const SIXTEEN_NINE = 16 / 9;

/** The stage's picture of a video: a 16:9 box (or the picture's own shape), tall enough to see, the picture whole. */
async function expectWholePicture(page: Page, local: boolean, label: string) {
  const video = page.locator(`[data-testid="room-stage"] video[data-lk-local-participant="${local}"]`).first();
  await expect(video, `${label}: a video on the stage`).toBeVisible({ timeout: 20_000 });
  await expect.poll(async () => (await videoShape(video)).picture, { message: `${label}: the picture has a size` }).toBeGreaterThan(0);
  const shape = await videoShape(video);
  const boxIs = (ratio: number) => Math.abs(shape.box - ratio) / ratio < 0.05;
  expect.soft(boxIs(SIXTEEN_NINE) || boxIs(shape.picture), `${label}: the stage box is 16:9 or the picture's shape (box ${shape.box.toFixed(2)}, picture ${shape.picture.toFixed(2)})`).toBe(true);
  expect.soft(shape.height, `${label}: the stage is not a strip`).toBeGreaterThanOrEqual(150);
  expect.soft(shape.fit === 'contain' || boxIs(shape.picture), `${label}: the picture is not cropped (object-fit ${shape.fit})`).toBe(true);
}

/** Every control of the organizer's stage can be used at this width, on the row or through More. */
async function expectOrganizerControls(page: Page, label: string) {
  const row = page.getByTestId('room-controls');
  const controls = [
    ['microphone', row.locator('button[data-lk-source="microphone"]'), 'none'],
    ['camera', row.locator('button[data-lk-source="camera"]'), 'none'],
    ['Share screen', row.locator('button[data-lk-source="screen_share"]'), 'stage-more-share'],
    ['Leave', row.locator('.lk-disconnect-button'), 'stage-more-leave'],
  ] as const;
  for (const [name, onRow, item] of controls) {
    expect.soft(await reachStageControl(page, onRow, item), `${label}: ${name} can be reached`).not.toBeNull();
  }
  // The row is one row: every control on it sits on the same line.
  const tops = await row.locator(':scope > *').evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect.soft(Math.max(...tops) - Math.min(...tops), `${label}: the controls do not wrap (${tops.join(', ')})`).toBeLessThanOrEqual(4);
}

/** The recording panel, opened as a person would (it is on screen, or More opens it), reads whole. */
async function expectRecordingPanelWhole(page: Page, label: string) {
  const panel = page.getByTestId('recording-controls');
  if (!(await panel.isVisible())) {
    await page.getByTestId('stage-more').click();
    await page.getByTestId('stage-more-panels').click();
  }
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('recording-status')).toBeVisible();
  for (const part of await panel.locator('h2, p, button').all()) {
    const text = (await part.textContent())?.trim().slice(0, 40);
    expect.soft(await usable(part), `${label}: recording panel "${text}" is whole on screen`).toBe(true);
  }
}

for (const tenant of TENANTS) {
  test(`${tenant}: on a phone every stage control is reachable, the picture keeps its shape, the recording panel reads whole`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const [orgUser, parUser] = await Promise.all([createUser(tenant, 'phone-org', 'organizer'), createUser(tenant, 'phone-par')]);
    const event = await seedEvent(tenant, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
    const org = await joinAt(browser, request, orgUser, event, phone(390));
    const par = await joinAt(browser, request, parUser, event, phone(390));
    await expectRemoteVideoPlaying(par.page, 40_000);

    for (const width of PHONE_WIDTHS) {
      const label = `${tenant} ${width}px`;
      await org.page.setViewportSize(phone(width));
      await par.page.setViewportSize(phone(width));
      await keepScreenshot(org.page, `${tenant}-organizer-${width}`);
      await keepScreenshot(par.page, `${tenant}-participant-${width}`);
      await expectOrganizerControls(org.page, `organizer ${label}`);
      await expectWholePicture(org.page, true, `organizer ${label}`);
      await expectWholePicture(par.page, false, `participant ${label}`);
      expect.soft(await usable(par.page.getByTestId('chat-input')), `participant ${label}: the chat input`).toBe(true);
    }
    await expectRecordingPanelWhole(org.page, `organizer ${tenant} 430px`);
    await keepScreenshot(org.page, `${tenant}-organizer-430-recording`);

    await org.page.setViewportSize(DESKTOP);
    await par.page.setViewportSize(DESKTOP);
    await keepScreenshot(org.page, `${tenant}-organizer-1280`);
    await keepScreenshot(par.page, `${tenant}-participant-1280`);
    await expectOrganizerControls(org.page, `organizer ${tenant} 1280px`);
    await expectRecordingPanelWhole(org.page, `organizer ${tenant} 1280px`);
    expect.soft(await usable(org.page.getByTestId('chat-input')), `organizer ${tenant} 1280px: the chat input`).toBe(true);

    for (const person of [org, par]) {
      await person.context.close();
      expect(person.errors).toEqual([]);
    }
  });
}
