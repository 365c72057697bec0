/**
 * A full reconnect keeps the host on the air. When the LiveKit node that held a room dies, the
 * client rejoins with a new session (livekit-client's "restart") and must publish its camera and
 * microphone again. Here the host's signalling connection runs through a Playwright WebSocket
 * route, which plays the server's part and sends "leave, reconnect": the same full reconnect,
 * against the test stack's one LiveKit server. The fleet test (tests/fleet/rooms.ts) does it with a
 * node killed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocketRoute } from '@playwright/test';
import { LeaveRequest, LeaveRequest_Action, SignalResponse } from '@livekit/protocol';
import { minutesFromNow, seedEvent } from './events-helpers';
import { expect, test } from './fixtures';
import { MEDIA_BROWSER, TRACK_SOURCE, expectRemoteVideoPlaying, joinRoom, publishedTracks, roomService } from './media-helpers';
import { createUser } from './session-helpers';

test.use(MEDIA_BROWSER);
test.describe.configure({ timeout: 90_000 });

const T = 'aurora';

test("after a full reconnect the host's camera and microphone are published again and the participant sees the video", async ({ browser, request }) => {
  const [organizer, participant] = await Promise.all([createUser(T, 'reconnect-org', 'organizer'), createUser(T, 'reconnect-member')]);
  const event = await seedEvent(T, organizer, { eventDateTime: minutesFromNow(-1), layout: 'liveEventsContainer' });

  // The host's current signalling connection (LiveKit's /rtc WebSocket), passed through to the
  // server; once `slow` is set, a new one reaches the server only after 3 s, as a rejoin through
  // a surviving node takes seconds while the dead one is still on record.
  let signalling: WebSocketRoute | undefined;
  let slow = false;
  const host = await joinRoom(browser, request, organizer, event, {
    prepare: (context) =>
      context.routeWebSocket(/\/rtc(\/v1)?\?/, async (ws) => {
        if (slow) await sleep(3000);
        ws.connectToServer();
        signalling = ws;
      }),
  });
  const audience = await joinRoom(browser, request, participant, event);
  await expectRemoteVideoPlaying(audience.page);
  const sources = async () => (await publishedTracks(event.channelName, organizer.sub).catch(() => [])).map((t) => t.source).sort();
  await expect.poll(sources, { timeout: 15_000 }).toEqual([TRACK_SOURCE.camera, TRACK_SOURCE.microphone].sort());
  const sessionBefore = (await roomService().getParticipant(event.channelName, organizer.sub)).sid;

  // The server's "leave, reconnect" (what a client hears when its room must move): the client
  // drops its session and joins again as a new one, seconds later (the page re-renders meanwhile:
  // its roster empties).
  slow = true;
  const leave = new SignalResponse({ message: { case: 'leave', value: new LeaveRequest({ action: LeaveRequest_Action.RECONNECT, canReconnect: true }) } });
  signalling!.send(Buffer.from(leave.toBinary()));

  // A new session in LiveKit's room, publishing both again.
  const session = async () => (await roomService().getParticipant(event.channelName, organizer.sub).catch(() => undefined))?.sid ?? 'none';
  await expect.poll(async () => [sessionBefore, 'none'].includes(await session()), { timeout: 30_000, message: 'the host in a new session' }).toBe(false);
  await expect.poll(sources, { timeout: 30_000, message: "the host's tracks in the new session" }).toEqual([TRACK_SOURCE.camera, TRACK_SOURCE.microphone].sort());
  await expect(host.page.getByTestId('room-connection')).toHaveAttribute('data-state', 'connected');
  // The participant's page shows the host's video again, frames advancing (the old session's track is gone).
  await expectRemoteVideoPlaying(audience.page, 30_000);
  await Promise.all([host.context.close(), audience.context.close()]);
});
