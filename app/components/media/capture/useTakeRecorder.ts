/**
 * Records one take with MediaRecorder: start, pause, resume, stop, the time recorded (pauses left
 * out), and an automatic stop when the take reaches its length or size limit. The take is the
 * recorded Blob and how long it is (the recorder's WebM states no duration of its own).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { takeLimit, type RecorderType } from '#app/lib/media/capture';

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

export interface Take {
  blob: Blob;
  durationSeconds: number;
  type: RecorderType;
  video: boolean;
}

export interface TakeRecorder {
  state: RecorderState;
  elapsedMs: number;
  take: Take | null;
  /** Why the recorder stopped by itself: a limit, or a failure (its message). */
  stoppedBy: 'tooLong' | 'tooLarge' | { failed: string } | null;
  start(stream: MediaStream, type: RecorderType, video: boolean): void;
  pause(): void;
  resume(): void;
  stop(): void;
  reset(): void;
}

const CHUNK_MS = 1000;
const TICK_MS = 200;

export function useTakeRecorder(): TakeRecorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [stoppedBy, setStoppedBy] = useState<TakeRecorder['stoppedBy']>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const clock = useRef({ accumulated: 0, since: 0, running: false, bytes: 0 });
  const timer = useRef<number | null>(null);

  const elapsedNow = () => clock.current.accumulated + (clock.current.running ? performance.now() - clock.current.since : 0);

  const stopClock = () => {
    if (clock.current.running) clock.current.accumulated += performance.now() - clock.current.since;
    clock.current.running = false;
  };

  const stop = useCallback(() => {
    const rec = recorder.current;
    if (!rec || rec.state === 'inactive') return;
    stopClock();
    setElapsedMs(clock.current.accumulated);
    rec.stop();
  }, []);

  const start = useCallback(
    (stream: MediaStream, type: RecorderType, video: boolean) => {
      const chunks: Blob[] = [];
      clock.current = { accumulated: 0, since: performance.now(), running: true, bytes: 0 };
      setTake(null);
      setStoppedBy(null);
      setElapsedMs(0);
      const rec = new MediaRecorder(stream, { mimeType: type.mimeType });
      rec.ondataavailable = (event) => {
        if (event.data.size === 0) return;
        chunks.push(event.data);
        clock.current.bytes += event.data.size;
      };
      rec.onstop = () => {
        if (timer.current !== null) window.clearInterval(timer.current);
        timer.current = null;
        recorder.current = null;
        setTake({ blob: new Blob(chunks, { type: type.contentType }), durationSeconds: clock.current.accumulated / 1000, type, video });
        setState('stopped');
      };
      rec.onerror = (event) => {
        const message = (event as Event & { error?: DOMException }).error?.message ?? 'MediaRecorder';
        setStoppedBy({ failed: message });
        stop();
      };
      rec.start(CHUNK_MS);
      recorder.current = rec;
      setState('recording');
      timer.current = window.setInterval(() => {
        const elapsed = elapsedNow();
        setElapsedMs(elapsed);
        const limit = takeLimit(elapsed / 1000, clock.current.bytes, video);
        if (limit) {
          setStoppedBy(limit);
          stop();
        }
      }, TICK_MS);
    },
    [stop],
  );

  const pause = useCallback(() => {
    const rec = recorder.current;
    if (rec?.state !== 'recording') return;
    rec.pause();
    stopClock();
    setElapsedMs(clock.current.accumulated);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    const rec = recorder.current;
    if (rec?.state !== 'paused') return;
    rec.resume();
    clock.current.since = performance.now();
    clock.current.running = true;
    setState('recording');
  }, []);

  const reset = useCallback(() => {
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') {
      rec.onstop = null;
      rec.stop();
    }
    recorder.current = null;
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setTake(null);
    setStoppedBy(null);
    setElapsedMs(0);
    setState('idle');
  }, []);

  // Leaving the page mid-take stops the recorder and its clock.
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearInterval(timer.current);
      const rec = recorder.current;
      if (rec && rec.state !== 'inactive') {
        rec.onstop = null;
        rec.stop();
      }
    },
    [],
  );

  return { state, elapsedMs, take, stoppedBy, start, pause, resume, stop, reset };
}
