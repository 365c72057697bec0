/**
 * Browser recording in a real room (the test stack has no egress service): the event goes live
 * with enableRecording cloud, so the organizer's browser starts recording the stage by itself and
 * says so; a participant sees the recording indicator; after 10 s of recording (counted in the
 * recorder's one-second chunks) the organizer stops, the file goes up through the media pipeline
 * with a progress bar, and the event's VOD becomes ready with a duration of 10 s ± 1.5.
 */
import { ROOM_LAYOUTS } from '#app/lib/events/model';
import { minutesFromNow, seedEvent, e2eData } from './events-helpers';
import { expect, tenantApi, tenantUrl, test } from './fixtures';
import { MEDIA_BROWSER, PROCESSING_BUDGET_MS, joinRoom, processedStatus } from './media-helpers';
import { createUser, hydrated, sessionCookie, signInContext } from './session-helpers';

test.use(MEDIA_BROWSER);

const T = 'aurora';

test('the organizer’s browser records 10 s of the stage into the event’s VOD; a participant sees the indicator', async ({ browser, request }) => {
  test.setTimeout(120_000 + PROCESSING_BUDGET_MS);
  const [organizer, participant] = await Promise.all([createUser(T, 'rec-room-org', 'organizer'), createUser(T, 'rec-room-member')]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', enableRecording: 'cloud', recordingDestination: 'cloud' });

  const host = await joinRoom(browser, request, organizer, event);
  const controls = host.page.getByTestId('recording-controls');
  await expect(controls.getByTestId('recording-mode')).toHaveText('Recorded by your browser: keep this tab open');
  // Without a cloud recorder nothing starts by itself: the organizer starts their browser's recording.
  await expect(controls).toContainText('the organizer starts it with Start recording');
  await expect(controls).toHaveAttribute('data-browser-phase', 'idle');
  await expect(host.page.getByTestId('recording-indicator')).toHaveAttribute('data-status', 'off');
  await controls.getByTestId('recording-start').click();
  await expect(controls).toHaveAttribute('data-browser-phase', 'recording', { timeout: 20_000 });
  await expect(host.page.getByTestId('recording-indicator-text')).toHaveText('Recording');

  const audience = await joinRoom(browser, request, participant, event);
  const indicator = audience.page.getByTestId('recording-indicator');
  await expect(indicator).toHaveAttribute('role', 'status');
  await expect(indicator.getByTestId('recording-indicator-text')).toHaveText('Recording');
  await expect(indicator).toContainText('This event is being recorded.');
  await expect(audience.page.getByTestId('recording-controls')).toHaveCount(0);
  // What each sees while it records, on a desktop and a phone.
  await host.page.screenshot({ path: 'test-reports/recording-room-organizer-1280.png' });
  await audience.page.screenshot({ path: 'test-reports/recording-room-participant-1280.png' });
  await Promise.all([host.page.setViewportSize({ width: 390, height: 844 }), audience.page.setViewportSize({ width: 390, height: 844 })]);
  // On a phone the host's recording panel opens from the stage's More menu, as a person would open it.
  await host.page.getByTestId('stage-more').click();
  await host.page.getByTestId('stage-more-panels').click();
  await expect(host.page.getByTestId('recording-elapsed')).toBeVisible();
  await host.page.screenshot({ path: 'test-reports/recording-room-organizer-390.png', fullPage: true });
  await audience.page.screenshot({ path: 'test-reports/recording-room-participant-390.png' });
  await Promise.all([host.page.setViewportSize({ width: 1280, height: 720 }), audience.page.setViewportSize({ width: 1280, height: 720 })]);

  await expect.poll(async () => Number(await controls.getAttribute('data-recorded-seconds')), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
  await controls.getByTestId('recording-stop').click();
  await expect(controls.getByTestId('recording-upload')).toHaveAttribute('data-phase', 'uploaded', { timeout: 30_000 });
  await expect(controls.getByTestId('recording-upload')).toContainText('The recording is uploaded and being processed.');
  // Everyone in the room hears that recording ended.
  await expect(indicator).toHaveAttribute('data-status', 'off', { timeout: 15_000 });

  const vodOf = async () => (await e2eData(T).media.forEvent(event.eventId))[0];
  expect(await processedStatus(vodOf)).toBe('ready');
  const vod = (await vodOf())!;
  expect(vod).toMatchObject({ kind: 'video', origin: 'recording', eventId: event.eventId, visibility: 'tenant', ownerId: organizer.sub });
  // The video lasts what the recorder recorded (at least the 10 s waited for; a loaded machine may press Stop later).
  const recordedLength = Number(await controls.getAttribute('data-recorded-length'));
  expect(recordedLength).toBeGreaterThanOrEqual(10);
  expect(Math.abs(vod.derived.durationSeconds! - recordedLength)).toBeLessThanOrEqual(1.5);
  // The recording's timeline (chat replay, chapters on /eventVod) starts when recording started, not at the upload.
  const [recording] = await e2eData(T).recordings.list(event.eventId, 1);
  expect(vod.startedAt).toBe(recording!.startedAt);
  await expect(controls.getByTestId('recording-status')).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });

  expect([...host.errors, ...audience.errors]).toEqual([]);
  await Promise.all([host.context.close(), audience.context.close()]);
});

/** The layouts in a few tests of their own: each has its own time budget, and they run side by side. */
const LAYOUT_BATCHES = [ROOM_LAYOUTS.slice(0, 5), ROOM_LAYOUTS.slice(5, 10), ROOM_LAYOUTS.slice(10)];

for (const layouts of LAYOUT_BATCHES) {
  test(`every room layout shows a participant the indicator from the moment the page opens (${layouts[0]} … ${layouts.at(-1)})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const [organizer, participant] = await Promise.all([createUser(T, 'rec-layout-org', 'organizer'), createUser(T, 'rec-layout-member')]);
    const cookie = await sessionCookie(request, organizer);
    const context = await browser.newContext();
    await signInContext(context, request, participant);
    const page = await context.newPage();
    for (const layout of layouts) {
      const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout });
      const started = await tenantApi(request, T).post('/api/recording', { headers: { 'Content-Type': 'application/json', Cookie: cookie }, data: JSON.stringify({ eventId: event.eventId, intent: 'start' }) });
      expect(started.status(), layout).toBe(200);
      await page.goto(tenantUrl(T, `/${layout}?event=${event.eventId}`));
      await hydrated(page);
      const indicator = page.getByTestId('room-bar').getByTestId('recording-indicator');
      await expect(indicator.getByTestId('recording-indicator-text'), layout).toHaveText('Recording');
      await expect(indicator).toHaveAttribute('aria-live', 'polite');
      await expect(page.getByTestId('recording-controls')).toHaveCount(0);
    }
    await context.close();
  });
}

test('a download-only recording goes to the organizer alone: a download link for them, nothing for a participant', async ({ browser, request }) => {
  test.setTimeout(90_000 + PROCESSING_BUDGET_MS);
  const [organizer, participant] = await Promise.all([createUser(T, 'rec-dl-org', 'organizer'), createUser(T, 'rec-dl-member')]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', recordingDestination: 'download' });
  const host = await joinRoom(browser, request, organizer, event);
  const controls = host.page.getByTestId('recording-controls');
  await expect(controls).toContainText('Only the organizer gets the recording, as a download.');
  await controls.getByTestId('recording-start').click();
  await expect(controls).toHaveAttribute('data-browser-phase', 'recording', { timeout: 20_000 });
  await expect.poll(async () => Number(await controls.getAttribute('data-recorded-seconds')), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await controls.getByTestId('recording-stop').click();
  await expect(controls.getByTestId('recording-upload')).toHaveAttribute('data-phase', 'uploaded', { timeout: 30_000 });

  const item = async () => (await e2eData(T).media.forEvent(event.eventId))[0];
  expect(await processedStatus(item)).toBe('ready');
  const recorded = (await item())!;
  expect(recorded).toMatchObject({ origin: 'recording', visibility: 'private', ownerId: organizer.sub });
  // The organizer's panel offers the download once it is ready.
  await expect(controls.getByTestId('recording-download')).toHaveAttribute('href', `/api/media/download?id=${recorded.id}`, { timeout: 15_000 });

  // A participant of the same event learns nothing of it: not in the room's state, not by its id.
  const member = await sessionCookie(request, participant);
  const api = tenantApi(request, T);
  const state = await api.get(`/api/recording?event=${event.eventId}`, { headers: { Cookie: member } });
  expect(await state.json()).not.toHaveProperty('download');
  for (const path of [`/api/media/status?id=${recorded.id}`, `/api/media/download?id=${recorded.id}`]) {
    expect((await api.get(path, { headers: { Cookie: member }, maxRedirects: 0 })).status(), path).toBe(404);
  }
  expect(host.errors).toEqual([]);
  await host.context.close();
});
