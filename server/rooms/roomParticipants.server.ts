/**
 * The hosts' list of connected people: everyone the video service lists in the event's room, then
 * everyone connected to the event's chat who is not in the video room, marked chat-only.
 */
import type { RoomParticipant } from '#app/lib/events/api';

/** `inChat`: the chat's present people (the chat feature's ChatPresent has these fields). */
export function connectedPeople(inVideo: RoomParticipant[], inChat: ReadonlyArray<Pick<RoomParticipant, 'identity' | 'name' | 'role'>>): RoomParticipant[] {
  const video = new Set(inVideo.map((p) => p.identity));
  const chatOnly = inChat
    .filter((p) => !video.has(p.identity))
    .map((p): RoomParticipant => ({ identity: p.identity, name: p.name, role: p.role, canPublish: false, publishing: false, chatOnly: true }));
  return [...inVideo, ...chatOnly];
}
