/**
 * Recording controls for the organizer and hosts, in every room layout: which way the room is
 * recorded ("Recorded in the cloud" / "Recorded by your browser: keep this tab open"), where the
 * recording goes, its state, Start / Stop, the upload's progress (browser mode) and, for the
 * organizer of a download-only recording, the download. Every answer shown is the server's.
 */
import { Box, Button, Heading, HStack, Link as ChakraLink, Progress, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRole } from '#app/lib/events/permissions';
import { isActive } from '#app/lib/recording/model';
import { postRecording } from './recordingApi';
import { useRecording } from './RecordingProvider';
import { useRoomBrowserRecording } from './BrowserRecordingProvider';

export function RecordingControls({ eventId, role }: { eventId: string; role: EventRole }) {
  const { t, i18n } = useTranslation();
  const hook = useRecording();
  const browser = useRoomBrowserRecording();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const state = hook?.state;
  if (!state || !browser) return null;

  const current = state.current;
  const status = hook?.live !== undefined ? (hook.live?.status ?? null) : (current?.status ?? null);
  const active = status !== null && isActive(status);
  const browserMode = state.mode === 'browser';
  const modeText = !browserMode ? t('recording.controls.modeEgress') : role === 'organizer' ? t('recording.controls.modeBrowser') : t('recording.controls.modeBrowserHost');
  const since = current?.startedAt ? new Date(current.startedAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) : '';
  const statusText = status ? t(`recording.controls.status.${status}`, { time: since }) : t('recording.controls.status.none');

  const egressAction = async (intent: 'start' | 'stop') => {
    setBusy(true);
    setMessage(null);
    const answer = intent === 'start' ? await postRecording({ eventId, intent }) : current ? await postRecording({ eventId, intent, recordingId: current.id }) : null;
    setBusy(false);
    if (answer && !answer.ok) setMessage(answer.message);
    hook?.refresh();
  };
  const recordingHere = browser.phase === 'recording' || browser.phase === 'starting';
  const onStart = () => (browserMode ? void browser.start() : void egressAction('start'));
  // The organizer's browser records; when this tab holds no recorder (another tab, or a reload), the recording is lost.
  const lostHere = browserMode && role === 'organizer' && active && browser.phase === 'idle' && !!current;
  const onStop = () => {
    if (browserMode && recordingHere) void browser.stop();
    else if (lostHere && current) void browser.discard(current.id);
    else void egressAction('stop');
  };
  const error = message ?? browser.error;

  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" data-testid="recording-controls" data-mode={state.mode} data-browser-phase={browser.phase} data-recorded-seconds={browser.seconds} data-recorded-length={browser.recordedLength ?? undefined}>
      <Stack gap="2">
        <Heading as="h2" size="sm">
          {t('recording.controls.title')}
        </Heading>
        {!state.enabled ? (
          <Text fontSize="sm" color="fg.muted" data-testid="recording-disabled">
            {t('recording.controls.disabled')}
          </Text>
        ) : (
          <>
            <Text fontSize="sm" fontWeight="semibold" data-testid="recording-mode">
              {modeText}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {(current?.destination ?? state.destination) === 'download' ? t('recording.controls.destinationDownload') : t('recording.controls.destinationCloud')} {t(state.mode === 'egress' ? 'recording.controls.auto' : 'recording.controls.autoBrowser')}
            </Text>
            <Text fontSize="sm" data-testid="recording-status" data-status={status ?? 'none'}>
              {statusText}
            </Text>
            {browser.phase === 'recording' && (
              <Text fontSize="sm" data-testid="recording-elapsed">
                {t('recording.controls.elapsed', { time: `${Math.floor(browser.seconds / 60)}:${String(browser.seconds % 60).padStart(2, '0')}` })}
              </Text>
            )}
            {browserMode && !state.canStart && !active && (
              <Text fontSize="sm" color="fg.muted">
                {t('recording.controls.organizerStarts')}
              </Text>
            )}
            <HStack gap="2" wrap="wrap">
              {!active && state.canStart && (
                <Button size="sm" colorPalette="red" onClick={onStart} loading={busy || browser.phase === 'starting' || browser.phase === 'uploading'} data-testid="recording-start">
                  {t('recording.controls.start')}
                </Button>
              )}
              {active && state.canControl && (status !== 'stopping' || lostHere) && (
                <Button size="sm" variant="outline" onClick={onStop} loading={busy} data-testid="recording-stop">
                  {t('recording.controls.stop')}
                </Button>
              )}
            </HStack>
            {(browser.phase === 'uploading' || browser.phase === 'uploaded') && (
              <Stack gap="1" data-testid="recording-upload" data-phase={browser.phase}>
                <Progress.Root value={browser.progress} colorPalette="brand" size="sm" aria-label={t('recording.controls.upload.progress', { percent: browser.progress })}>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="sm" role="status">
                  {browser.phase === 'uploaded' ? t('recording.controls.upload.done') : t('recording.controls.upload.progress', { percent: browser.progress })}
                </Text>
              </Stack>
            )}
            {error && (
              <Text fontSize="sm" color="fg.error" role="alert" data-testid="recording-error">
                {browser.phase === 'failed' ? t('recording.controls.upload.failed', { message: error }) : error}
              </Text>
            )}
            {browser.phase === 'failed' && (
              <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void browser.retryUpload()} data-testid="recording-retry">
                {t('recording.controls.upload.retry')}
              </Button>
            )}
            <RecordingDownload download={state.download} />
          </>
        )}
      </Stack>
    </Box>
  );
}

/** The organizer's private copy (destination download): a link once it is processed. */
export function RecordingDownload({ download }: { download: { mediaId: string; status: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!download) return null;
  if (download.status !== 'ready') {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="recording-download-waiting">
        {t('recording.controls.downloadWaiting')}
      </Text>
    );
  }
  return (
    <ChakraLink href={`/api/media/download?id=${download.mediaId}`} color="brand.fg" fontSize="sm" data-testid="recording-download">
      {t('recording.controls.download')}
    </ChakraLink>
  );
}
