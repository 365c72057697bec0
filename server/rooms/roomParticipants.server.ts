/**
 * The hosts' list of connected people: everyone the video service lists in the event's room, then
 * everyone connected to the event's chat who is not in the video room, marked chat-only.
 */
import type { RoomParticipant } from '#app/lib/events/api';
import type { ChatPresent } from '#server/chat/index.server';

export function connectedPeople(inVideo: RoomParticipant[], inChat: ChatPresent[]): RoomParticipant[] {
  const video = new Set(inVideo.map((p) => p.identity));
  const chatOnly = inChat
    .filter((p) => !video.has(p.identity))
    .map((p): RoomParticipant => ({ identity: p.identity, name: p.name, role: p.role, canPublish: false, publishing: false, chatOnly: true }));
  return [...inVideo, ...chatOnly];
}
