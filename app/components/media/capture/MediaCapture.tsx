/**
 * /mediaCapture (docs/decisions/0044): choose what to record, turn the devices on (live preview,
 * microphone level), record with pause and resume, then check the take, keep a part of it and
 * add it to the library.
 */
import { Alert, Button, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTURE_SOURCES, MAX_TAKE_BYTES, MAX_TAKE_SECONDS, pickRecorderType, recordsVideo, type CaptureSource, type DeviceProblem } from '#app/lib/media/capture';
import { useSizeText } from '../upload/UploadRules';
import { LevelMeter, LivePreview, RecorderButtons, RecorderTimer } from './LivePanel';
import { canRecord, canShareScreen, CaptureProblem, openCapture, type OpenCapture } from './openCapture';
import { TakePanel } from './TakePanel';
import { useLevelMeter } from './useLevelMeter';
import { useTakeRecorder } from './useTakeRecorder';

type Notice = { kind: 'device'; problem: DeviceProblem | 'screenUnsupported'; detail: string } | { kind: 'recorder'; detail: string } | { kind: 'limit'; limit: 'tooLong' | 'tooLarge' } | { kind: 'ended' };

const needsScreen = (source: CaptureSource) => source === 'screen' || source === 'pip';

export function MediaCapture({ libraryHref }: { libraryHref: string | null }) {
  const { t, i18n } = useTranslation();
  const size = useSizeText();
  const [source, setSource] = useState<CaptureSource>('camera');
  const [capture, setCapture] = useState<OpenCapture | null>(null);
  const [opening, setOpening] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Known only in the browser: the server renders every option as available.
  const [support, setSupport] = useState({ record: true, screen: true });
  const recorder = useTakeRecorder();
  const level = useLevelMeter(capture?.microphone ?? null);
  const captureRef = useRef<OpenCapture | null>(null);
  captureRef.current = capture;

  useEffect(() => setSupport({ record: canRecord(), screen: canShareScreen() }), []);
  // Devices go off when the page goes.
  useEffect(() => () => captureRef.current?.stop(), []);

  const turnOff = () => {
    capture?.stop();
    setCapture(null);
  };

  async function turnOn() {
    setNotice(null);
    if (needsScreen(source) && !canShareScreen()) {
      setNotice({ kind: 'device', problem: 'screenUnsupported', detail: '' });
      return;
    }
    setOpening(true);
    try {
      const opened = await openCapture(source);
      opened.onEnded(() => {
        if (captureRef.current !== opened) return;
        setNotice({ kind: 'ended' });
        recorder.stop();
        opened.stop();
        setCapture(null);
      });
      setCapture(opened);
    } catch (e) {
      const problem = e instanceof CaptureProblem ? e.problem : 'failed';
      setNotice({ kind: 'device', problem, detail: e instanceof Error ? e.message : String(e) });
    } finally {
      setOpening(false);
    }
  }

  function start() {
    if (!capture) return;
    const type = pickRecorderType(recordsVideo(source), (mime) => MediaRecorder.isTypeSupported(mime));
    if (!type) {
      setNotice({ kind: 'device', problem: 'unsupported', detail: '' });
      return;
    }
    setNotice(null);
    try {
      recorder.start(capture.record, type, recordsVideo(source));
    } catch (e) {
      setNotice({ kind: 'recorder', detail: e instanceof Error ? e.message : String(e) });
    }
  }

  // A take that stopped by itself says why; the devices go off once a take is there.
  useEffect(() => {
    const by = recorder.stoppedBy;
    if (by === 'tooLong' || by === 'tooLarge') setNotice({ kind: 'limit', limit: by });
    else if (by) setNotice({ kind: 'recorder', detail: by.failed });
  }, [recorder.stoppedBy]);
  useEffect(() => {
    if (recorder.state !== 'stopped') return;
    captureRef.current?.stop();
    setCapture(null);
  }, [recorder.state]);

  const take = recorder.take;
  const active = capture !== null || take !== null;
  const defaultTitle = t('capture.details.defaultTitle', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date()) });

  return (
    <Stack gap="6" maxW="3xl" data-testid="capture-recorder" data-state={take ? 'stopped' : capture ? recorder.state : 'off'}>
      {!support.record ? <NoticeAlert text={t('capture.errors.unsupported')} /> : null}
      {notice ? <NoticeAlert text={noticeText(notice)} status={notice.kind === 'limit' || notice.kind === 'ended' ? 'warning' : 'error'} /> : null}

      {!active ? (
        <Stack gap="4">
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold" fontSize="md">
              {t('capture.sources.legend')}
            </Fieldset.Legend>
            <RadioGroup.Root value={source} onValueChange={(d) => setSource((CAPTURE_SOURCES as readonly string[]).includes(d.value ?? '') ? (d.value as CaptureSource) : 'camera')} mt="2">
              <Stack gap="3">
                {CAPTURE_SOURCES.map((s) => (
                  <RadioGroup.Item key={s} value={s} disabled={needsScreen(s) && !support.screen} alignItems="flex-start" data-testid={`capture-source-${s}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator mt="0.5" />
                    <Stack gap="0">
                      <RadioGroup.ItemText fontWeight="medium">{t(`capture.sources.${s}`)}</RadioGroup.ItemText>
                      <Text fontSize="sm" color="fg.muted">
                        {needsScreen(s) && !support.screen ? t('capture.errors.screenUnsupported') : t(`capture.sources.${s}Hint`)}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          </Fieldset.Root>
          <Button colorPalette="brand" alignSelf="flex-start" loading={opening} loadingText={t('capture.actions.preparing')} disabled={!support.record} onClick={() => void turnOn()} data-testid="capture-on">
            {t('capture.actions.prepare')}
          </Button>
        </Stack>
      ) : null}

      {capture && !take ? (
        <Stack gap="4">
          {capture.preview ? <LivePreview stream={capture.preview} /> : null}
          <LevelMeter level={level} />
          <RecorderTimer state={recorder.state} elapsedMs={recorder.elapsedMs} />
          <RecorderButtons state={recorder.state} onStart={start} onPause={recorder.pause} onResume={recorder.resume} onStop={recorder.stop} onTurnOff={turnOff} />
        </Stack>
      ) : null}

      {take ? (
        <TakePanel
          key={take.blob.size}
          take={take}
          defaultTitle={defaultTitle}
          libraryHref={libraryHref}
          onAgain={() => {
            setNotice(null);
            recorder.reset();
          }}
        />
      ) : null}
    </Stack>
  );

  function noticeText(n: Notice): string {
    switch (n.kind) {
      case 'device':
        return n.problem === 'failed' ? t('capture.errors.failed', { message: n.detail }) : t(`capture.errors.${n.problem}`);
      case 'recorder':
        return t('capture.errors.recorder', { message: n.detail });
      case 'ended':
        return t('capture.errors.ended');
      case 'limit':
        return n.limit === 'tooLong'
          ? t('capture.errors.tooLong', { limit: new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(MAX_TAKE_SECONDS / 60) })
          : t('capture.errors.tooLarge', { limit: size(MAX_TAKE_BYTES[take?.video === false ? 'audio' : 'video']) });
    }
  }
}

function NoticeAlert({ text, status = 'error' }: { text: string; status?: 'error' | 'warning' }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status={status} borderRadius="l2" role="alert" data-testid="capture-notice">
      <Alert.Indicator />
      <Alert.Content>
        {status === 'error' ? <Alert.Title>{t('capture.errors.title')}</Alert.Title> : null}
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
