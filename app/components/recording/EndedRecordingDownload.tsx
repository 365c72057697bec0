/**
 * On the room's end screen: the organizer's own copy of a download-only recording (or word that
 * it is being prepared). Nobody else gets anything from it: the API answers `download` to the
 * organizer only.
 */
import { useEffect, useState } from 'react';
import type { RecordingState } from '#app/lib/recording/model';
import { RecordingDownload } from './RecordingControls';
import { fetchRecordingState } from './recordingApi';

export function EndedRecordingDownload({ eventId }: { eventId: string }) {
  const [download, setDownload] = useState<RecordingState['download']>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchRecordingState(eventId, controller.signal)
      .then((r) => {
        if (!controller.signal.aborted && r.ok) setDownload(r.data.download ?? null);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [eventId]);
  return <RecordingDownload download={download} />;
}
