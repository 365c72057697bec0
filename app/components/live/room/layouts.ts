/**
 * What each room layout shows: one table, read by the room shell (page parts) and the stage
 * (how video is arranged). Every layout is the route /<layout>?event=<id> (ROOM_LAYOUTS).
 */
import type { RoomLayout } from '#app/lib/events/model';

/** How the stage arranges tracks. 'none': no video connection at all (chat-only layout). */
export type StageKind = 'none' | 'grid' | 'prebuilt' | 'focus' | 'speaker' | 'audio' | 'pair';

export interface LayoutSpec {
  stage: StageKind;
  /** A side panel with the tabs Chat / Participants / Q&A. */
  tabs: boolean;
  /** A chat pane of its own beside the stage (below it on phones), or instead of it; layouts with tabs have it in their Chat tab. */
  chat: boolean;
  /** Audience members may raise a hand; hosts bring them on stage. */
  raiseHand: boolean;
  /** No camera anywhere: microphones and a speakers list. */
  audioOnly: boolean;
  /** Participants only watch and listen (observers); organizer and hosts hold the session. */
  participantsObserve: boolean;
  /** At most this many tiles on the stage (1:1 sessions). */
  maxTiles?: number;
  /** The note about restream destinations (/rtmpKey). */
  restreamNote: boolean;
  /** A link to the user's device settings (/customVideoSettings). */
  settingsLink: boolean;
  /** Stage painted with the tenant's brand colours. */
  branded: boolean;
}

const base: LayoutSpec = {
  stage: 'grid',
  tabs: false,
  // Every room has the event's chat.
  chat: true,
  raiseHand: false,
  audioOnly: false,
  participantsObserve: false,
  restreamNote: false,
  settingsLink: false,
  branded: false,
};

export const LAYOUTS: Record<RoomLayout, LayoutSpec> = {
  liveEventsContainer: { ...base, tabs: true, chat: false, raiseHand: true },
  liveEventsVideo: { ...base },
  liveEventsChat: { ...base, stage: 'none' },
  preBuilt: { ...base, stage: 'prebuilt' },
  preBuiltChat: { ...base, stage: 'prebuilt' },
  customVideo: { ...base, stage: 'focus', branded: true, settingsLink: true },
  hybridVideoChat: { ...base, raiseHand: true },
  ils: { ...base, raiseHand: true },
  lbc: { ...base, stage: 'speaker' },
  hbc: { ...base, stage: 'speaker', restreamNote: true },
  abc: { ...base, stage: 'audio', audioOnly: true },
  habc: { ...base, stage: 'audio', audioOnly: true, raiseHand: true },
  pvs: { ...base, stage: 'pair', maxTiles: 2 },
  hpv: { ...base, stage: 'pair', maxTiles: 2, participantsObserve: true },
};

export const layoutSpec = (layout: RoomLayout): LayoutSpec => LAYOUTS[layout];
