/**
 * Helpers of the room-on-a-phone specs: a person in a room at a given size with the fake camera
 * and microphone (real LiveKit), whether a control can really be used where it is (wholly on the
 * screen, not clipped by a scrolling or hidden-overflow box, not covered), and screenshots of the
 * room that are kept for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { RoomLayout } from '#app/lib/events/model';
import { joinRoom, type Joined } from './media-helpers';
import { expect } from './fixtures';
import type { TestUser } from './session-helpers';

export const PHONE_WIDTHS = [360, 390, 430] as const;
export const phone = (width: number) => ({ width, height: 800 });
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Where the room's screenshots are kept for a person to look at (besides the test's own output). */
export const SCREENS_DIR = '/tmp/room-screens';

/** The user in the event's room at this size (the fake camera and microphone, real LiveKit). */
export function joinAt(
  browser: Browser,
  request: APIRequestContext,
  user: TestUser,
  event: { eventId: string; layout: RoomLayout },
  viewport: { width: number; height: number },
  options: { waitConnected?: boolean } = {},
): Promise<Joined> {
  return joinRoom(browser, request, user, event, { ...options, viewport, connectTimeout: 40_000 });
}

/**
 * Whether a person can use this element where it is: it has a size, lies wholly inside the
 * window and inside every box around it that clips or scrolls, and nothing covers its middle.
 */
export function usable(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const within = (box: { left: number; top: number; right: number; bottom: number }) =>
      r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
    if (!within({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) return false;
    for (let box = el.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        if (!within(box.getBoundingClientRect())) return false;
      }
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/**
 * Reaches a stage control as a person would: on the stage's row if it is usable there, else
 * through the row's "More" menu. Returns how it was reached, or null when it cannot be.
 */
export async function reachStageControl(page: Page, onRow: Locator, menuItemTestId: string): Promise<'row' | 'menu' | null> {
  if ((await onRow.count()) > 0 && (await onRow.first().isVisible()) && (await usable(onRow.first()))) return 'row';
  const more = page.getByTestId('stage-more');
  if ((await more.count()) === 0 || !(await usable(more))) return null;
  await more.click();
  const item = page.getByTestId(menuItemTestId);
  const found = (await item.isVisible()) && (await usable(item));
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stage-more-menu')).toBeHidden();
  return found ? 'menu' : null;
}

/** The shape of a video on the stage and of its picture, and how the picture is fitted. */
export function videoShape(video: Locator): Promise<{ box: number; picture: number; height: number; fit: string }> {
  return video.evaluate((el: HTMLVideoElement) => {
    const r = el.getBoundingClientRect();
    return { box: r.width / r.height, picture: el.videoWidth / el.videoHeight, height: r.height, fit: getComputedStyle(el).objectFit };
  });
}

export async function keepScreenshot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
}
