/**
 * Live reactions in the room (issue 28, item 2; docs/decisions/0079): a bar of six named buttons
 * under the stage, usable from the keyboard; a reaction one person sends floats over the stage of
 * everyone else in the room; a person whose system asks for less motion sees a still count on the
 * bar instead; a burst of hundreds floats a bounded number with the count written on them; an event
 * with reactions off shows no bar and the server ignores a forged react frame. The room is screenshot with floating reactions on a desktop and a phone (real LiveKit,
 * fake camera) into test-results/reactions-*.png.
 */
import type { WebSocketRoute } from '@playwright/test';
import { MAX_FLOATERS } from '#app/lib/reactions/floaters';
import { REACTION_EMOJI } from '#app/lib/reactions/protocol';
import { enter, leave, messageWith, pane } from './chat-helpers';
import { floaters, reactionBar } from './engagement-helpers';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import { cutVideoService, expectRemoteVideoPlaying, joinRoom, MEDIA_BROWSER } from './media-helpers';
import { usable } from './room-phone-helpers';
import { createUser, hydrated, signInContext, type TestUser } from './session-helpers';

test.use(MEDIA_BROWSER);

const T = 'aurora';
const NAMES = ['React with applause', 'React with a heart', 'React with laughter', 'React with a celebration', 'React with a thumbs up', 'React with a raised hand'];

let organizerOnce: Promise<TestUser> | undefined;
const organizer = () => (organizerOnce ??= createUser(T, 'react-org', 'organizer'));

const bar = reactionBar;

test('a reaction floats over the stage for the others; with reduced motion it is a count; the bar works from the keyboard', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const [orgUser, parUser, calmUser] = await Promise.all([organizer(), createUser(T, 'react-par'), createUser(T, 'react-calm')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId);
  const calm = await enter(browser, request, calmUser, T, 'liveEventsContainer', event.eventId, { width: 1280, height: 900 }, { reducedMotion: 'reduce' });

  // Six buttons, each named in words, in the set's order.
  for (const person of [org, par, calm]) {
    await expect(bar(person.page).getByRole('button')).toHaveCount(REACTION_EMOJI.length);
    for (const [i, name] of NAMES.entries()) await expect(bar(person.page).getByRole('button').nth(i)).toHaveAccessibleName(name);
    await expect(bar(person.page).getByRole('button').first()).toBeEnabled();
  }
  await expect(org.page.getByTestId('reactions-layer')).toHaveAttribute('data-mode', 'motion');
  await expect(calm.page.getByTestId('reactions-layer')).toHaveAttribute('data-mode', 'still');

  // A click: the organizer sees it float over the stage.
  await bar(par.page).getByRole('button', { name: 'React with applause' }).click();
  await expect(floaters(org.page, '👏').first()).toBeVisible();
  await expect(org.page.getByTestId('room-stage').getByTestId('reactions-layer')).toHaveAttribute('data-received', '1');
  // Less motion: nothing floats, the bar counts it instead.
  const calmClap = bar(calm.page).getByRole('button', { name: /^React with applause/ });
  await expect(calmClap.getByTestId('reaction-count')).toHaveText('1');
  await expect(calmClap).toHaveAccessibleName('React with applause (1 reaction just now)');
  await expect(floaters(calm.page)).toHaveCount(0);
  for (const path of [testInfo.outputPath('reactions-reduced-motion.png'), 'test-results/reactions-reduced-motion.png']) await calm.page.screenshot({ path });

  // The keyboard: Tab reaches the next button with a visible focus ring, Enter sends.
  await bar(par.page).getByRole('button', { name: 'React with applause' }).focus();
  await par.page.keyboard.press('Tab');
  const heart = bar(par.page).getByRole('button', { name: 'React with a heart' });
  await expect(heart).toBeFocused();
  const ring = await heart.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(':focus-visible'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.visible).toBe(true);
  expect(ring.outline).not.toBe('none');
  expect(ring.width).toBeGreaterThan(0);
  await par.page.keyboard.press('Enter');
  await expect(floaters(org.page, '❤️').first()).toBeVisible();
  await expect(bar(calm.page).getByRole('button', { name: /^React with a heart/ }).getByTestId('reaction-count')).toHaveText('1');
  await par.page.keyboard.press('Space');
  await expect(bar(calm.page).getByRole('button', { name: /^React with a heart/ }).getByTestId('reaction-count')).toHaveText('2');

  // The sender sees their own reaction too; every page counted the same three.
  await expect(par.page.getByTestId('reactions-layer')).toHaveAttribute('data-received', '3');
  await expect(org.page.getByTestId('reactions-layer')).toHaveAttribute('data-received', '3');
  await leave(org, par, calm);
});

test('an event with reactions off shows no bar, and the server ignores a forged react frame', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'react-off')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer', reactions: false });
  const org = await enter(browser, request, orgUser, T, 'liveEventsContainer', event.eventId);
  const par = await enter(browser, request, parUser, T, 'liveEventsContainer', event.eventId);
  for (const person of [org, par]) {
    await expect(person.page.getByTestId('room-stage')).toBeVisible();
    await expect(person.page.getByTestId('reactions-bar')).toHaveCount(0);
    await expect(person.page.getByTestId('reactions-layer')).toHaveCount(0);
  }

  const socketUrl = tenantUrl(T, `/ws/chat?event=${event.eventId}`).replace(/^http/, 'ws');
  // The organizer's own socket listens for anything the room is sent.
  await org.page.evaluate((url) => {
    const w = window as unknown as { heard: Array<{ type: string }> };
    w.heard = [];
    const ws = new WebSocket(url);
    ws.onmessage = (e) => w.heard.push(JSON.parse(String(e.data)) as { type: string });
  }, socketUrl);
  await expect.poll(() => org.page.evaluate(() => (window as unknown as { heard: Array<{ type: string }> }).heard.some((f) => f.type === 'welcome'))).toBe(true);

  // The participant forges what the bar would send, then writes a chat message after it.
  const answered = await par.page.evaluate(
    (url) =>
      new Promise<Array<{ type: string }>>((resolve, reject) => {
        const frames: Array<{ type: string }> = [];
        const ws = new WebSocket(url);
        const timer = window.setTimeout(() => reject(new Error(`no answer: ${JSON.stringify(frames)}`)), 15_000);
        ws.onmessage = (e) => {
          const frame = JSON.parse(String(e.data)) as { type: string };
          frames.push(frame);
          if (frame.type === 'welcome') ws.send(JSON.stringify({ type: 'react', emoji: '👏' }));
          if (frame.type === 'reactionsOff') ws.send(JSON.stringify({ type: 'send', clientId: 'forged-after-1', textMessage: 'after the forged reaction' }));
          if (frame.type === 'ack') {
            window.clearTimeout(timer);
            ws.close();
            resolve(frames);
          }
        };
      }),
    socketUrl,
  );
  expect(answered.map((f) => f.type)).toContain('reactionsOff');
  expect(answered.map((f) => f.type)).not.toContain('reactions');
  // The message sent after it reached the room; the reaction never did.
  await expect(messageWith(org.page, 'after the forged reaction')).toBeVisible();
  await expect
    .poll(() => org.page.evaluate(() => (window as unknown as { heard: Array<{ type: string; event?: { kind: string } }> }).heard.some((f) => f.type === 'event' && f.event?.kind === 'message')))
    .toBe(true);
  const heard = await org.page.evaluate(() => (window as unknown as { heard: Array<{ type: string }> }).heard.map((f) => f.type));
  expect(heard).not.toContain('reactions');
  await expect(pane(par.page)).toHaveAttribute('data-status', 'live');
  await leave(org, par);
});

test('a burst of hundreds floats a bounded number of emoji, the big counts written on them', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'react-burst')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInContext(context, request, parUser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await cutVideoService(page);
  // The page's chat socket goes through the test, which can speak for the server: what 1,000
  // people reacting at once look like to a client, 20 windows of it.
  let toPage: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/ws\/chat/, (ws) => {
    ws.connectToServer();
    toPage = ws;
  });
  await page.goto(tenantUrl(T, `/liveEventsVideo?event=${event.eventId}`));
  await hydrated(page);
  await expect(pane(page)).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
  const oneWindow = { '👏': 500, '❤️': 250, '😂': 40, '🎉': 7, '👍': 3, '🙋': 1 };
  for (let i = 0; i < 20; i++) toPage!.send(JSON.stringify({ type: 'reactions', counts: oneWindow }));
  await expect(page.getByTestId('reactions-layer')).toHaveAttribute('data-received', String(20 * 801));
  const shown = await floaters(page).count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(MAX_FLOATERS);
  await expect(page.getByTestId('reaction-floater-total').filter({ hasText: '×500' }).first()).toBeVisible();
  for (const path of [testInfo.outputPath('reactions-burst.png'), 'test-results/reactions-burst.png']) await page.screenshot({ path });
  await context.close();
  expect(errors).toEqual([]);
});

test('screenshots: reactions floating over a live stage on a desktop and a phone', async ({ browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const [orgUser, parUser] = await Promise.all([organizer(), createUser(T, 'react-shot')]);
  const event = await seedEvent(T, orgUser, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });
  const desktop = { width: 1280, height: 800 };
  const phone = { width: 390, height: 844 };
  const org = await joinRoom(browser, request, orgUser, event, { viewport: desktop, connectTimeout: 40_000 });
  const par = await joinRoom(browser, request, parUser, event, { viewport: desktop, connectTimeout: 40_000 });
  await expectRemoteVideoPlaying(par.page, 40_000);

  /** Both send a few reactions; the participant's page shows several floating, then is photographed. */
  const burstAndShoot = async (name: string) => {
    const before = Number(await par.page.getByTestId('reactions-layer').getAttribute('data-received'));
    for (const [page, emoji] of [
      [par.page, ['👏', '❤️', '🎉']],
      [org.page, ['😂', '👍', '👏']],
    ] as const) {
      for (const e of emoji) await page.locator(`[data-testid="reaction-button"][data-emoji="${e}"]`).click();
    }
    await expect.poll(() => par.page.getByTestId('reactions-layer').getAttribute('data-received').then(Number)).toBeGreaterThanOrEqual(before + 6);
    // A floater lives 2.6 s: on a busy machine one click after another may take longer than that,
    // so the participant taps three at once (within the burst the rate limit allows) until three float together.
    await expect
      .poll(
        async () => {
          const count = await floaters(par.page).count();
          if (count < 3) {
            await par.page.evaluate(() => {
              for (const e of ['🎉', '❤️', '😂']) document.querySelector<HTMLButtonElement>(`[data-testid="reaction-button"][data-emoji="${e}"]`)?.click();
            });
          }
          return count;
        },
        { timeout: 30_000, intervals: [500, 1000] },
      )
      .toBeGreaterThanOrEqual(3);
    // Kept beside the test's other output and at the top of test-results/ for a person to look at.
    for (const path of [testInfo.outputPath(name), `test-results/${name}`]) await par.page.screenshot({ path });
  };

  await expect(bar(par.page)).toBeVisible();
  await burstAndShoot('reactions-desktop.png');

  // On a phone every button of the bar is on screen and usable where it is (not clipped, not covered).
  for (const width of [360, phone.width]) {
    await par.page.setViewportSize({ width, height: phone.height });
    for (const button of await bar(par.page).getByRole('button').all()) expect.soft(await usable(button), `${await button.getAttribute('data-emoji')} usable at ${width} px`).toBe(true);
  }
  await burstAndShoot('reactions-phone.png');

  for (const person of [org, par]) {
    await person.context.close();
    expect(person.errors).toEqual([]);
  }
});
