/**
 * The device check itself (browser only; loaded lazily by DeviceCheck.tsx, never during SSR):
 * camera preview, microphone level, and camera / microphone / speaker selects, built on
 * livekit-client's local tracks so the room later opens the same devices the same way.
 */
import { Alert, Box, Button, Field, HStack, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTrackVolume } from '@livekit/components-react/hooks';
import {
  createLocalTracks,
  LocalAudioTrack,
  LocalVideoTrack,
  MediaDeviceFailure,
  Room,
  Track,
  VideoPresets,
  type LocalTrack,
} from 'livekit-client';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceChoice } from './choice';
import type { DeviceCheckProps } from './DeviceCheck';
import { chimeWav } from './tone';

type Phase = 'idle' | 'starting' | 'ready' | 'failed';
type Failure = 'denied' | 'notFound' | 'inUse' | 'unsupported' | 'other';

interface Devices {
  videoinput: MediaDeviceInfo[];
  audioinput: MediaDeviceInfo[];
  audiooutput: MediaDeviceInfo[];
}
const NO_DEVICES: Devices = { videoinput: [], audioinput: [], audiooutput: [] };

function browserCanCapture(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
const canPickSpeaker = () => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

function failureOf(error: unknown): Failure {
  if (error instanceof Error && error.name === 'DeviceUnsupportedError') return 'unsupported';
  switch (MediaDeviceFailure.getFailure(error)) {
    case MediaDeviceFailure.PermissionDenied:
      return 'denied';
    case MediaDeviceFailure.NotFound:
      return 'notFound';
    case MediaDeviceFailure.DeviceInUse:
      return 'inUse';
    default:
      return 'other';
  }
}

async function listDevices(): Promise<Devices> {
  const all = await Room.getLocalDevices(undefined, false);
  // Chrome lists a device without a label (and id) before permission; those cannot be chosen.
  const usable = all.filter((d) => d.deviceId !== '');
  return {
    videoinput: usable.filter((d) => d.kind === 'videoinput'),
    audioinput: usable.filter((d) => d.kind === 'audioinput'),
    audiooutput: usable.filter((d) => d.kind === 'audiooutput'),
  };
}

async function alreadyAllowed(video: boolean): Promise<boolean> {
  try {
    const names = (video ? ['camera', 'microphone'] : ['microphone']) as unknown as PermissionName[];
    const states = await Promise.all(names.map((name) => navigator.permissions.query({ name })));
    return states.every((s) => s.state === 'granted');
  } catch {
    return false;
  }
}

export default function DeviceCheckClient({ initial, onChange, video = true, autoStart = true, testId = 'device-check' }: DeviceCheckProps) {
  const { t } = useTranslation();
  const id = useId();
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

  async function pick(kind: 'videoinput' | 'audioinput' | 'audiooutput', deviceId: string) {
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

  const label = (d: MediaDeviceInfo, i: number, kind: 'camera' | 'microphone' | 'speaker') => d.label || t(`lobby.devices.${kind}N`, { n: i + 1 });

  return (
    <Stack gap="4" data-testid={testId} data-phase={phase}>
      <Box position="relative" borderRadius="l3" overflow="hidden" bg="gray.900" aspectRatio={video ? 16 / 9 : undefined} minH={video ? undefined : '24'}>
        {videoTrack ? <Preview track={videoTrack} label={t('lobby.devices.preview')} /> : null}
        {!videoTrack ? (
          <Stack position="absolute" inset="0" align="center" justify="center" gap="3" p="4" textAlign="center" color="white">
            {phase === 'starting' ? (
              <>
                <Spinner size="lg" />
                <Text role="status">{t('lobby.devices.starting')}</Text>
              </>
            ) : phase === 'ready' ? (
              <Text>{video ? t('lobby.devices.noPicture') : t('lobby.devices.audioOnly')}</Text>
            ) : (
              <>
                <Text maxW="md">{t('lobby.devices.startHint')}</Text>
                <Button onClick={() => void start()} colorPalette="brand" data-testid="device-start">
                  {phase === 'failed' ? t('lobby.devices.retry') : video ? t('lobby.devices.start') : t('lobby.devices.startAudio')}
                </Button>
              </>
            )}
          </Stack>
        ) : null}
      </Box>

      {failure ? (
        <Alert.Root status={failure === 'unsupported' ? 'warning' : 'error'} borderRadius="l2" role="alert" data-testid={`device-error-${failure}`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontWeight="semibold">{t(`lobby.devices.errors.${failure}Title`)}</Alert.Title>
            <Alert.Description>{t(`lobby.devices.errors.${failure}`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {phase === 'ready' && (missing.camera || missing.microphone) ? (
        <Alert.Root status="warning" borderRadius="l2" data-testid={missing.camera ? 'device-no-camera' : 'device-no-microphone'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t(missing.camera ? 'lobby.devices.errors.noCamera' : 'lobby.devices.errors.noMicrophone')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {switchFailed ? (
        <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="device-switch-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('lobby.devices.errors.switch')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {phase === 'ready' ? (
        <>
          {audioTrack ? <MicLevel track={audioTrack} /> : null}
          <SimpleGrid minChildWidth="13rem" gap="4">
            {video && devices.videoinput.length ? (
              <DeviceSelect
                id={`${id}-camera`}
                label={t('lobby.devices.camera')}
                value={choice.videoDeviceId}
                options={devices.videoinput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'camera') }))}
                onPick={(v) => void pick('videoinput', v)}
                testId="select-camera"
              />
            ) : null}
            {devices.audioinput.length ? (
              <DeviceSelect
                id={`${id}-microphone`}
                label={t('lobby.devices.microphone')}
                value={choice.audioDeviceId}
                options={devices.audioinput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'microphone') }))}
                onPick={(v) => void pick('audioinput', v)}
                testId="select-microphone"
              />
            ) : null}
            {canPickSpeaker() && devices.audiooutput.length ? (
              <DeviceSelect
                id={`${id}-speaker`}
                label={t('lobby.devices.speaker')}
                value={choice.audioOutputId}
                options={devices.audiooutput.map((d, i) => ({ value: d.deviceId, label: label(d, i, 'speaker') }))}
                onPick={(v) => void pick('audiooutput', v)}
                testId="select-speaker"
              />
            ) : null}
          </SimpleGrid>
          {!canPickSpeaker() || !devices.audiooutput.length ? (
            <Text fontSize="sm" color="fg.muted" data-testid="speaker-system">
              {t('lobby.devices.speakerSystem')}
            </Text>
          ) : null}
          <HStack gap="3" flexWrap="wrap">
            <TestSound sinkId={choice.audioOutputId} />
            <Button variant="ghost" onClick={stop} data-testid="device-stop">
              {t('lobby.devices.stop')}
            </Button>
          </HStack>
        </>
      ) : null}
    </Stack>
  );
}

function Preview({ track, label }: { track: LocalVideoTrack; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    track.attach(el);
    return () => {
      track.detach(el);
    };
  }, [track]);
  return (
    <video
      ref={ref}
      aria-label={label}
      data-testid="device-preview"
      muted
      playsInline
      autoPlay
      // A mirror image, as people expect of their own camera.
      style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)', display: 'block' }}
    />
  );
}

/** The microphone's loudness as a bar (useTrackVolume reads it through Web Audio). */
function MicLevel({ track }: { track: LocalAudioTrack }) {
  const { t } = useTranslation();
  const volume = useTrackVolume(track);
  const percent = Math.round(Math.min(1, volume * 2.5) * 100);
  return (
    <Stack gap="1.5">
      <Text fontWeight="semibold" fontSize="sm" id="mic-level-label">
        {t('lobby.devices.level')}
      </Text>
      <Box
        role="meter"
        aria-labelledby="mic-level-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="mic-level"
        h="3"
        borderRadius="full"
        bg="bg.muted"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.08s linear" />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('lobby.devices.levelHint')}
      </Text>
    </Stack>
  );
}

function DeviceSelect({
  id,
  label,
  value,
  options,
  onPick,
  testId,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: Array<{ value: string; label: string }>;
  onPick: (value: string) => void;
  testId: string;
}) {
  const current = options.some((o) => o.value === value) ? value : options[0]?.value;
  return (
    <Field.Root>
      <Field.Label htmlFor={id} fontWeight="semibold">
        {label}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={current ?? ''} onChange={(e) => onPick(e.currentTarget.value)} bg="bg" data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Plays a short chime on the chosen speaker. */
function TestSound({ sinkId }: { sinkId: string | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'playing' | 'failed'>('idle');
  async function play() {
    const url = URL.createObjectURL(chimeWav());
    const audio = new Audio();
    audio.src = url;
    const done = () => {
      URL.revokeObjectURL(url);
      setState('idle');
    };
    audio.addEventListener('ended', done, { once: true });
    try {
      setState('playing');
      if (sinkId && 'setSinkId' in audio) await (audio as HTMLAudioElement & { setSinkId(id: string): Promise<void> }).setSinkId(sinkId);
      await audio.play();
    } catch {
      URL.revokeObjectURL(url);
      setState('failed');
    }
  }
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button variant="outline" onClick={() => void play()} loading={state === 'playing'} data-testid="device-test-sound">
        {t('lobby.devices.testSound')}
      </Button>
      {state === 'failed' ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('lobby.devices.errors.sound')}
        </Text>
      ) : null}
    </HStack>
  );
}
