/**
 * The device check's local camera and microphone tracks (livekit-client, so the room later opens
 * the same devices the same way): starting and stopping them, switching a device (and falling
 * back to the previous one when a switch is refused), the device lists and the current choice.
 */
import { createLocalTracks, LocalAudioTrack, LocalVideoTrack, Track, VideoPresets, type LocalTrack } from 'livekit-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeviceChoice } from './choice';
import { alreadyAllowed, browserCanCapture, failureOf, listDevices, NO_DEVICES, type Devices, type Failure } from './mediaDevices';

export type Phase = 'idle' | 'starting' | 'ready' | 'failed';
export type DeviceKind = 'videoinput' | 'audioinput' | 'audiooutput';

interface Options {
  initial?: DeviceChoice;
  onChange?: (choice: DeviceChoice, ready: boolean) => void;
  video: boolean;
  autoStart: boolean;
}

export function useLocalTracks({ initial, onChange, video, autoStart }: Options) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [missing, setMissing] = useState<{ camera: boolean; microphone: boolean }>({ camera: false, microphone: false });
  const [switchFailed, setSwitchFailed] = useState(false);
  const [devices, setDevices] = useState<Devices>(NO_DEVICES);
  const [choice, setChoice] = useState<DeviceChoice>(() => ({ ...initial }));
  const [videoTrack, setVideoTrack] = useState<LocalVideoTrack>();
  const [audioTrack, setAudioTrack] = useState<LocalAudioTrack>();
  const tracks = useRef<LocalTrack[]>([]);
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const alive = useRef(true);

  const stopTracks = useCallback(() => {
    for (const track of tracks.current) track.stop();
    tracks.current = [];
    setVideoTrack(undefined);
    setAudioTrack(undefined);
  }, []);

  const start = useCallback(async () => {
    setFailure(null);
    setSwitchFailed(false);
    if (!browserCanCapture()) {
      setFailure('unsupported');
      setPhase('failed');
      return;
    }
    setPhase('starting');
    try {
      const before = await navigator.mediaDevices.enumerateDevices();
      const hasCamera = video && before.some((d) => d.kind === 'videoinput');
      const hasMicrophone = before.some((d) => d.kind === 'audioinput');
      if (!hasCamera && !hasMicrophone) {
        setFailure('notFound');
        setPhase('failed');
        return;
      }
      const wanted = choiceRef.current;
      const created = await createLocalTracks({
        video: hasCamera ? { deviceId: wanted.videoDeviceId, resolution: VideoPresets.h360.resolution } : false,
        audio: hasMicrophone ? { deviceId: wanted.audioDeviceId, echoCancellation: true, noiseSuppression: true } : false,
      });
      if (!alive.current) {
        created.forEach((tr) => tr.stop());
        return;
      }
      stopTracks();
      tracks.current = created;
      const cam = created.find((tr): tr is LocalVideoTrack => tr.kind === Track.Kind.Video);
      const mic = created.find((tr): tr is LocalAudioTrack => tr.kind === Track.Kind.Audio);
      setVideoTrack(cam);
      setAudioTrack(mic);
      // The raw ids: Chrome's 'default' entry is a real choice (it follows the system default).
      const [videoDeviceId, audioDeviceId, list] = await Promise.all([cam?.getDeviceId(false), mic?.getDeviceId(false), listDevices()]);
      if (!alive.current) return;
      setDevices(list);
      setMissing({ camera: video && !cam, microphone: !mic });
      setChoice((c) => ({
        videoDeviceId: videoDeviceId ?? c.videoDeviceId,
        audioDeviceId: audioDeviceId ?? c.audioDeviceId,
        audioOutputId: list.audiooutput.some((d) => d.deviceId === c.audioOutputId) ? c.audioOutputId : list.audiooutput[0]?.deviceId,
      }));
      setPhase('ready');
    } catch (error) {
      if (!alive.current) return;
      stopTracks();
      setFailure(failureOf(error));
      setPhase('failed');
    }
  }, [stopTracks, video]);

  const stop = useCallback(() => {
    stopTracks();
    setPhase('idle');
  }, [stopTracks]);

  // Start by itself only when the browser already allows it (no surprise permission prompt).
  useEffect(() => {
    alive.current = true;
    if (autoStart && browserCanCapture()) {
      void alreadyAllowed(video).then((ok) => {
        if (ok && alive.current) void start();
      });
    }
    return () => {
      alive.current = false;
      for (const track of tracks.current) track.stop();
      tracks.current = [];
    };
    // Once per mount: a change of props must not restart the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Plugging or unplugging a device refreshes the lists.
  useEffect(() => {
    if (phase !== 'ready' || !navigator.mediaDevices) return;
    const refresh = () => void listDevices().then((list) => alive.current && setDevices(list));
    navigator.mediaDevices.addEventListener('devicechange', refresh);
    return () => navigator.mediaDevices.removeEventListener('devicechange', refresh);
  }, [phase]);

  useEffect(() => {
    onChangeRef.current?.(choice, phase === 'ready');
  }, [choice, phase]);

  async function pick(kind: DeviceKind, deviceId: string) {
    setSwitchFailed(false);
    if (kind === 'audiooutput') {
      setChoice((c) => ({ ...c, audioOutputId: deviceId }));
      return;
    }
    const track = kind === 'videoinput' ? videoTrack : audioTrack;
    const key = kind === 'videoinput' ? 'videoDeviceId' : 'audioDeviceId';
    const previous = choiceRef.current[key];
    setChoice((c) => ({ ...c, [key]: deviceId }));
    try {
      // exact: a plain id is only "ideal", and browsers may keep the current device.
      const ok = track ? await track.setDeviceId({ exact: deviceId }) : false;
      if (!ok) throw new Error('device switch refused');
    } catch {
      if (!alive.current || !track) return;
      // The switch stopped the old capture first: bring the previous device back.
      try {
        await track.setDeviceId(previous ? { exact: previous } : 'default');
        setChoice((c) => ({ ...c, [key]: previous }));
        setSwitchFailed(true);
      } catch (error) {
        if (!alive.current) return;
        stopTracks();
        setFailure(failureOf(error));
        setPhase('failed');
      }
    }
  }

  return { phase, failure, missing, switchFailed, devices, choice, videoTrack, audioTrack, start, stop, pick };
}
