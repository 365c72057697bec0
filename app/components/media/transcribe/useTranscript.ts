/** The person's transcript of an item, polled while its job waits or runs (every second, then slower). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTranscript, TranscriptApiError } from '#app/lib/speech/transcriptApi';
import type { TranscriptView } from '#app/lib/speech/transcript';

export function useTranscript(mediaId: string | null, fallback: string) {
  const [transcript, setTranscript] = useState<TranscriptView | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const generation = useRef(0);

  const load = useCallback(async () => {
    if (!mediaId) return;
    const mine = generation.current;
    try {
      const found = await fetchTranscript(mediaId, fallback);
      if (mine === generation.current) setTranscript(found);
      setPollFailed(false);
    } catch (e) {
      if (mine !== generation.current) return;
      if (e instanceof TranscriptApiError && e.status === 404) setTranscript(null);
      else setPollFailed(true);
    }
  }, [mediaId, fallback]);

  useEffect(() => {
    generation.current++;
    setTranscript(null);
    void load();
  }, [load]);

  const working = transcript?.status === 'queued' || transcript?.status === 'running';
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => void load(), 1000);
    return () => clearInterval(timer);
  }, [working, load]);

  return { transcript, setTranscript, pollFailed };
}
