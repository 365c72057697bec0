/**
 * The organizer's browser as the recorder (no egress service): starts and stops the recording on
 * the server and the stage recorder here, uploads the file when it stops (also when a host
 * stopped it), resumes a failed upload, and makes the event's automatic start once the stage is
 * connected. Leaving the page while recording or uploading asks first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadApiError } from '#app/components/media/upload/uploadClient';
import { postRecording } from './recordingApi';
import { useRecording } from './RecordingProvider';
import { startStageRecorder, type StageRecorder } from './stageRecorder';
import { createRecordingUpload, type RecordingUpload } from './uploadRecording';

export type BrowserPhase = 'idle' | 'starting' | 'recording' | 'uploading' | 'uploaded' | 'failed';

export function useBrowserRecording(eventId: string, title: string) {
  const { t } = useTranslation();
  const hook = useRecording();
  const [phase, setPhase] = useState<BrowserPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [seconds, setSeconds] = useState(0);
  /** The whole recording's length, known at stop (what its video must last). */
  const [recordedLength, setRecordedLength] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<StageRecorder | null>(null);
  const recordingId = useRef<string | null>(null);
  const upload = useRef<RecordingUpload | null>(null);
  const refresh = hook?.refresh;
  const room = hook?.room ?? null;

  const runUpload = useCallback(async () => {
    if (!upload.current || !recordingId.current) return;
    setPhase('uploading');
    setError(null);
    try {
      const item = await upload.current.run();
      const attached = await postRecording({ eventId, intent: 'attach', recordingId: recordingId.current, mediaId: item.id });
      if (!attached.ok) throw new UploadApiError(attached.message, attached.error, attached.status);
      setPhase('uploaded');
    } catch (e) {
      setError(e instanceof UploadApiError ? e.message : t('recording.controls.upload.network'));
      setPhase('failed');
    }
    refresh?.();
  }, [eventId, refresh, t]);

  /** Ends the local recorder and uploads what it recorded. */
  const finish = useCallback(async () => {
    const active = recorder.current;
    if (!active) return;
    recorder.current = null;
    setRecordedLength(Math.round(active.elapsedSeconds() * 10) / 10);
    const blob = await active.stop();
    upload.current = createRecordingUpload(blob, {
      eventId,
      title,
      networkMessage: t('recording.controls.upload.network'),
      onProgress: (sent, total) => setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
    });
    setProgress(0);
    await runUpload();
  }, [eventId, title, t, runUpload]);

  const start = useCallback(
    async () => {
      setError(null);
      setPhase('starting');
      const answer = await postRecording({ eventId, intent: 'start' });
      if (!answer.ok) {
        setError(answer.message);
        setPhase('idle');
        refresh?.();
        return;
      }
      recordingId.current = answer.data.recording.id;
      try {
        setSeconds(0);
        setRecordedLength(null);
        recorder.current = await startStageRecorder(document.querySelector('[data-testid="room-stage"]'), room);
        setPhase('recording');
      } catch (e) {
        setError(t('recording.controls.recorderFailed', { message: (e as Error).message }));
        setPhase('idle');
        await postRecording({ eventId, intent: 'fail', recordingId: answer.data.recording.id });
      }
      refresh?.();
    },
    [eventId, refresh, room, t],
  );

  const stop = useCallback(async () => {
    if (!recordingId.current) return;
    // The recorder stops at the press, not once the server has answered: the file ends where the person said.
    const finished = finish();
    const answer = await postRecording({ eventId, intent: 'stop', recordingId: recordingId.current });
    if (!answer.ok && answer.error !== 'conflict') setError(answer.message);
    await finished;
  }, [eventId, finish]);

  // How long it has recorded, for the screen (and the tests, which wait on it).
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = window.setInterval(() => setSeconds(Math.floor(recorder.current?.elapsedSeconds() ?? 0)), 500);
    return () => window.clearInterval(timer);
  }, [phase]);

  // A host stopped it (the server says stopping while this browser still records): finish here.
  const serverStatus = hook?.live !== undefined ? hook.live?.status : hook?.state?.current?.status;
  useEffect(() => {
    if (recorder.current && phase === 'recording' && serverStatus === 'stopping') void finish();
  }, [serverStatus, phase, finish]);

  useEffect(() => {
    if (phase !== 'recording' && phase !== 'uploading') return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  /** A recording whose recorder is gone (its tab closed mid-way): nothing can be uploaded, so it is marked failed and the room may record again. */
  const discard = useCallback(
    async (lostId: string) => {
      const answer = await postRecording({ eventId, intent: 'fail', recordingId: lostId });
      if (!answer.ok) setError(answer.message);
      refresh?.();
    },
    [eventId, refresh],
  );

  return { phase, progress, seconds, recordedLength, error, start, stop, discard, retryUpload: runUpload };
}
