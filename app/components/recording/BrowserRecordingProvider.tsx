/**
 * Holds the organizer's browser recorder above the room's layout, so the recording survives its
 * controls moving (on a phone the host tools live in a tab or the More menu; turning the phone or
 * resizing the window remounts them). RecordingControls reads it from here.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useBrowserRecording } from './useBrowserRecording';

type BrowserRecording = ReturnType<typeof useBrowserRecording>;

const BrowserRecordingCtx = createContext<BrowserRecording | null>(null);

export function BrowserRecordingProvider({ eventId, title, children }: { eventId: string; title: string; children: ReactNode }) {
  const browser = useBrowserRecording(eventId, title);
  return <BrowserRecordingCtx.Provider value={browser}>{children}</BrowserRecordingCtx.Provider>;
}

/** The room's browser recorder; null outside a BrowserRecordingProvider. */
export const useRoomBrowserRecording = () => useContext(BrowserRecordingCtx);
