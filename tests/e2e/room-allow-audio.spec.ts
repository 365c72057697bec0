/**
 * "Allow audio" after a reload (issue 25): a participant reloads the room of a live event whose
 * presenter speaks; the browser will not start the room's sound without a gesture, so a clear
 * banner across the stage says so. The person reaches its button with the keyboard, presses it,
 * the banner goes and the sound plays. At 390 and 1280 px, in en, es and fr.
 *
 * The browser here applies Chrome's own autoplay rule (--autoplay-policy=document-user-activation-
 * required, the default of a desktop Chrome; Playwright's own switches set no autoplay policy).
 * Every Playwright evaluation (locators and expects included) runs with a user gesture, which
 * would lift that rule at once, so until the banner has been seen the page is read through a
 * DevTools session of its own, whose evaluations carry no gesture.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, CDPSession, Page } from '@playwright/test';
import type { RoomLayout } from '#app/lib/events/model';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { DESKTOP, joinAt, phone, usable } from './room-phone-helpers';
import { createUser, type TestUser } from './session-helpers';
import { CHROMIUM, CHROMIUM_ARGS } from './stack';

const SCREENS = '/tmp/audio-screens';

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=document-user-activation-required'],
  },
});

interface SoundState {
  connection: string | null;
  banner: boolean;
  /** Whether the page has had a gesture (click, key) since it loaded. */
  activated: boolean;
  /** The room's remote audio elements: playing or not. */
  audio: { paused: boolean; muted: boolean }[];
}

const READ_SOUND_STATE = `(() => ({
  connection: document.querySelector('[data-testid="room-connection"]')?.getAttribute('data-state') ?? null,
  banner: document.querySelector('[data-testid="allow-audio-banner"]') !== null,
  activated: navigator.userActivation.hasBeenActive,
  audio: [...document.querySelectorAll('audio')].filter((a) => a.srcObject).map((a) => ({ paused: a.paused, muted: a.muted })),
}))()`;

/** The page's sound state, read without a user gesture. */
async function soundState(cdp: CDPSession): Promise<SoundState> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: READ_SOUND_STATE, returnByValue: true, userGesture: false });
  if (exceptionDetails) return { connection: null, banner: false, activated: false, audio: [] };
  return result.value as SoundState;
}

/** Tabs forward until the element has the keyboard focus (at most `limit` presses). */
async function tabTo(page: Page, testId: string, limit = 40): Promise<boolean> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return true;
  }
  return false;
}

/** The banner's sentence and button in each language the room speaks. */
const WORDS = {
  en: { sentence: 'Sound is off: your browser will play this room only once you allow it.', button: 'Allow audio' },
  es: { sentence: 'Sonido desactivado: tu navegador reproducirá la sala solo cuando lo permitas.', button: 'Permitir audio' },
  fr: { sentence: 'Son coupé : votre navigateur ne fera entendre la salle qu’une fois que vous l’aurez autorisé.', button: 'Autoriser le son' },
} as const;

test('after a reload the room asks for its sound with a clear banner; the keyboard reaches it and its button brings the sound', async ({ browser, request }) => {
  test.setTimeout(480_000);
  mkdirSync(SCREENS, { recursive: true });
  // Each language on a site that speaks it: Aurora in English, Solana in Spanish, Lumière in French.
  const runs = [
    { tenant: 'aurora', language: 'en', sizes: [phone(390), DESKTOP] },
    { tenant: 'solana', language: 'es', sizes: [phone(390)] },
    { tenant: 'lumiere', language: 'fr', sizes: [DESKTOP] },
  ] as const;
  for (const { tenant, language, sizes } of runs) {
    const [orgUser, parUser] = await Promise.all([createUser(tenant, 'sound-org', 'organizer'), createUser(tenant, 'sound-par')]);
    const event = await seedEvent(tenant, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
    // The organizer presents: the fake microphone beeps into the room.
    const org = await joinAt(browser, request, orgUser, event, DESKTOP);
    for (const size of sizes) {
      await listenAfterAReload({ browser, request, user: parUser, event, size, language, screenshot: `${tenant}-${language}-${size.width}-allow-audio` });
    }
    await org.context.close();
    expect(org.errors).toEqual([]);
  }
});

/**
 * The participant joins (their first visit, with gestures), reloads, and finds the banner; the
 * keyboard takes them to its button, and the sound plays.
 */
async function listenAfterAReload({ browser, request, user, event, size, language, screenshot }: {
  browser: Browser;
  request: APIRequestContext;
  user: TestUser;
  event: { eventId: string; layout: RoomLayout };
  size: { width: number; height: number };
  language: keyof typeof WORDS;
  screenshot: string;
}) {
  const words = WORDS[language];
  const par = await joinAt(browser, request, user, event, size);
  await par.context.addCookies([{ name: 'lng', value: language, domain: `${user.tenant}.localhost`, path: '/' }]);
  const cdp = await par.context.newCDPSession(par.page);
  // The reload: a new page that nobody has clicked or typed in yet.
  await par.page.reload({ waitUntil: 'commit' });
  await expect
    .poll(
      async () => {
        const state = await soundState(cdp);
        return `${state.connection ?? 'loading'}, ${state.audio.length} audio, ${state.banner ? 'banner' : 'no banner'}`;
      },
      { timeout: 60_000, message: 'connected, the presenter’s audio attached, and the banner up' },
    )
    .toBe('connected, 1 audio, banner');
  // The browser really refused the sound: the presenter's audio is attached and paused.
  const refused = await soundState(cdp);
  expect(refused.activated, 'no gesture reached the page before the banner').toBe(false);
  expect(refused.audio.every((a) => a.paused)).toBe(true);
  await par.page.screenshot({ path: `${SCREENS}/${screenshot}.png` });

  // A clear banner: on screen across the stage, an alert named by its sentence, its button usable.
  const banner = par.page.getByRole('alert', { name: words.sentence });
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  const stage = (await par.page.getByTestId('stage-video').boundingBox())!;
  expect(box.width, 'the banner spans the stage').toBeGreaterThanOrEqual(stage.width - 2);
  const button = banner.getByRole('button', { name: words.button });
  expect(await usable(button)).toBe(true);

  // The keyboard reaches the button, and Enter brings the sound.
  expect(await tabTo(par.page, 'allow-audio'), 'Tab reaches "Allow audio"').toBe(true);
  await par.page.keyboard.press('Enter');
  await expect(par.page.getByTestId('allow-audio-banner')).toHaveCount(0);
  await expect.poll(async () => (await soundState(cdp)).audio.map((a) => a.paused), { message: 'the presenter’s audio plays' }).toEqual([false]);
  await par.context.close();
  expect(par.errors).toEqual([]);
}
