/**
 * Media end to end through the test stack's real LiveKit server, in Chromium with the fake camera
 * and microphone: organizer and participant in browser contexts of their own. The participant
 * receives the organizer's video (frames advancing, a size) and audio (an analyser reads a level);
 * ownerOnlyBroadcast leaves the participant without publish controls and the server refuses their
 * publishing; startVideoOff / startAudioOff are honoured; every layout connects and carries live
 * media (audio-only layouts: audio).
 */
import { ROOM_LAYOUTS } from '#app/lib/events/model';
import { LAYOUTS } from '#app/components/live/room/layouts';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, tenantUrl, test } from './fixtures';
import {
  MEDIA_BROWSER,
  TRACK_SOURCE,
  attemptPublish,
  connected,
  expectRemoteAudioLevel,
  expectRemoteVideoPlaying,
  joinRoom,
  publishedTracks,
  remoteVideo,
  roomIdentities,
} from './media-helpers';
import { createUser, type TestUser } from './session-helpers';

test.use(MEDIA_BROWSER);
test.describe.configure({ timeout: 60_000 });

const T = 'aurora';
/** One organizer and one participant per worker: creating users costs a few identity calls each. */
let castOnce: Promise<{ organizer: TestUser; participant: TestUser }> | undefined;
const cast = () =>
  (castOnce ??= Promise.all([createUser(T, 'media-org', 'organizer'), createUser(T, 'media-member')]).then(([organizer, participant]) => ({ organizer, participant })));

test.describe('every layout carries live media from the organizer to a participant', () => {
  for (const layout of ROOM_LAYOUTS) {
    const spec = LAYOUTS[layout];
    test(`/${layout}`, async ({ browser, request }) => {
      const { organizer, participant } = await cast();
      const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout });
      if (spec.stage === 'none') {
        // The chat-only layout has no video room: nobody connects to LiveKit.
        const alone = await joinRoom(browser, request, participant, event, { waitConnected: false });
        await expect(alone.page.getByTestId('chat-pane')).toHaveAttribute('data-status', 'live', { timeout: 15_000 });
        await expect(alone.page.getByTestId('room-connection')).toHaveCount(0);
        await alone.context.close();
        return;
      }
      const host = await joinRoom(browser, request, organizer, event);
      const audience = await joinRoom(browser, request, participant, event);
      await expect.poll(() => roomIdentities(event.channelName)).toEqual([organizer.sub, participant.sub].sort());
      if (!spec.audioOnly) await expectRemoteVideoPlaying(audience.page);
      await expectRemoteAudioLevel(audience.page);
      expect([...host.errors, ...audience.errors]).toEqual([]);
      await Promise.all([host.context.close(), audience.context.close()]);
    });
  }
});

test.describe('who may publish', () => {
  test('ownerOnlyBroadcast: the participant has no publish controls and the server refuses their track; without it they publish', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const { organizer, participant } = await cast();
    const owned = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: true });
    const audience = await joinRoom(browser, request, participant, owned);
    const controls = audience.page.getByTestId('room-controls');
    await expect(controls.getByRole('button', { name: 'Leave' })).toBeVisible();
    await expect(controls.getByRole('button', { name: /Microphone|Camera|Share screen/ })).toHaveCount(0);
    expect(await publishedTracks(owned.channelName, participant.sub)).toEqual([]);
    await audience.context.close();

    // The same person's token, from a page where nothing but the server can stop the attempt.
    // LiveKit does not answer a publication the token does not allow: the client gives up.
    expect(await attemptPublish(browser, request, participant, owned.eventId)).toBe('publication of local track timed out, no response from server');

    // The control: with ownerOnlyBroadcast off, the same participant publishes camera and microphone.
    const open = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', ownerOnlyBroadcast: false });
    const speaker = await joinRoom(browser, request, participant, open);
    await expect(speaker.page.getByTestId('room-controls').getByRole('button', { name: 'Microphone', exact: true })).toBeVisible();
    await expect.poll(async () => (await publishedTracks(open.channelName, participant.sub)).map((t) => t.source).sort()).toEqual([TRACK_SOURCE.camera, TRACK_SOURCE.microphone]);
    expect(speaker.errors).toEqual([]);
    await speaker.context.close();
    // And the same bare attempt as above goes through.
    expect(await attemptPublish(browser, request, participant, open.eventId)).toBeNull();
  });

  test('startVideoOff and startAudioOff: the organizer joins with only what the event allows on', async ({ browser, request }) => {
    const { organizer, participant } = await cast();
    const videoOff = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', startVideoOff: true });
    const audioOff = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsVideo', startAudioOff: true });
    const [a, b] = await Promise.all([joinRoom(browser, request, organizer, videoOff), joinRoom(browser, request, organizer, audioOff)]);
    const sources = async (room: string) => (await publishedTracks(room, organizer.sub)).filter((t) => !t.muted).map((t) => t.source);
    await expect.poll(() => sources(videoOff.channelName)).toEqual([TRACK_SOURCE.microphone]);
    await expect.poll(() => sources(audioOff.channelName)).toEqual([TRACK_SOURCE.camera]);

    // What a participant gets: audio and no video from the first, video from the second.
    const listener = await joinRoom(browser, request, participant, videoOff);
    await expectRemoteAudioLevel(listener.page);
    expect((await remoteVideo(listener.page)).width).toBe(0);
    await listener.page.goto(tenantUrl(T, `/liveEventsVideo?event=${audioOff.eventId}`));
    await connected(listener.page);
    await expectRemoteVideoPlaying(listener.page);
    expect([...a.errors, ...b.errors, ...listener.errors]).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), listener.context.close()]);
  });
});
