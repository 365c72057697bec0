import { describe, expect, it } from 'vitest';
import type { RoomParticipant } from '#app/lib/events/api';
import { connectedPeople } from './roomParticipants.server';

const onVideo = (identity: string, over: Partial<RoomParticipant> = {}): RoomParticipant => ({
  identity,
  name: identity.toUpperCase(),
  role: 'participant',
  canPublish: false,
  publishing: false,
  chatOnly: false,
  ...over,
});

describe('connectedPeople', () => {
  it('lists the video room as the service reports it, then the people only in the chat, marked chat-only', () => {
    const video = [onVideo('org', { role: 'organizer', canPublish: true, publishing: true }), onVideo('p1')];
    const chat = [
      { identity: 'p1', name: 'P1 in chat', role: 'participant' as const },
      { identity: 'c1', name: 'Cleo', role: 'participant' as const },
      { identity: 'h1', name: 'Hal', role: 'host' as const },
    ];
    expect(connectedPeople(video, chat)).toEqual([
      video[0],
      video[1],
      { identity: 'c1', name: 'Cleo', role: 'participant', canPublish: false, publishing: false, chatOnly: true },
      { identity: 'h1', name: 'Hal', role: 'host', canPublish: false, publishing: false, chatOnly: true },
    ]);
  });

  it('with nobody on video (or the video service down) everyone in the chat is chat-only', () => {
    expect(connectedPeople([], [{ identity: 'c1', name: 'Cleo', role: 'participant' }]).map((p) => p.chatOnly)).toEqual([true]);
    expect(connectedPeople([], [])).toEqual([]);
  });
});
