/**
 * /directUpload's minimal uploader: one file input and a progress bar, no dashboard. The same
 * Uppy pipeline underneath (checked, signed, straight to storage, resumable), and a link to share
 * once the app has accepted the file.
 */
import { Alert, Box, Button, Field, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_KINDS, ACCEPTED_TYPES, type MediaItem } from '#app/lib/media/model';
import { createUploader, type MediaUppy } from './createUploader';
import { UploadRules, useUploaderMessages, type UploadUsage } from './UploadRules';
import { uppyLocale } from './uppyLocale';

type Phase = { name: 'idle' } | { name: 'uploading'; percent: number; secondsLeft: number | null } | { name: 'done'; item: MediaItem } | { name: 'error'; message: string };

/** "2 min", "40 s": a rough time left in the page's language. */
function timeLeft(seconds: number, language: string): string {
  const minutes = Math.round(seconds / 60);
  return minutes >= 1
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(Math.max(1, Math.round(seconds)));
}

export function DirectUploader({ usage }: { usage: UploadUsage | null }) {
  const { t, i18n } = useTranslation();
  const messages = useUploaderMessages(MEDIA_KINDS);
  const language = i18n.language;
  const [uppy, setUppy] = useState<MediaUppy | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(0);

  useEffect(() => {
    const instance = createUploader({
      id: 'directUpload',
      scope: 'tenant',
      kinds: MEDIA_KINDS,
      maxFiles: 1,
      visibility: 'tenant',
      locale: uppyLocale(language),
      messages,
      onFinished: (item) => setPhase({ name: 'done', item }),
      onRefused: (message) => setPhase({ name: 'error', message }),
    });
    instance.on('upload-progress', (_file, progress) => {
      const total = progress.bytesTotal ?? 0;
      if (!total) return;
      const elapsed = (Date.now() - started.current) / 1000;
      const rate = progress.bytesUploaded / Math.max(elapsed, 0.001);
      const secondsLeft = rate > 0 && progress.bytesUploaded > 0 ? (total - progress.bytesUploaded) / rate : null;
      setPhase({ name: 'uploading', percent: Math.min(100, Math.floor((progress.bytesUploaded / total) * 100)), secondsLeft });
    });
    instance.on('upload-error', (_file, error) => setPhase({ name: 'error', message: error.message }));
    instance.on('info-visible', () => {
      const info = instance.getState().info.at(-1);
      if (info?.type === 'error') setPhase({ name: 'error', message: info.message });
    });
    setUppy(instance);
    return () => instance.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!uppy) return;
    if (!file) {
      setPhase({ name: 'error', message: t('upload.direct.none') });
      return;
    }
    uppy.clear();
    setCopied(false);
    try {
      uppy.addFile({ name: file.name, type: file.type, data: file, source: 'Local' });
    } catch {
      // Refused by the rules: onBeforeFileAdded has said why.
      return;
    }
    started.current = Date.now();
    setPhase({ name: 'uploading', percent: 0, secondsLeft: null });
    await uppy.upload();
  }

  function another() {
    uppy?.clear();
    if (input.current) input.current.value = '';
    setPhase({ name: 'idle' });
  }

  const link = phase.name === 'done' && typeof window !== 'undefined' ? `${window.location.origin}/api/media/download?id=${phase.item.id}` : '';
  return (
    <Stack gap="6">
      <UploadRules kinds={MEDIA_KINDS} usage={usage} resumable />
      <Stack as="form" gap="4" onSubmit={submit} maxW="xl" data-testid="direct-upload">
        <Field.Root>
          <Field.Label>{t('upload.direct.choose')}</Field.Label>
          <Input
            ref={input}
            type="file"
            accept={MEDIA_KINDS.flatMap((k) => ACCEPTED_TYPES[k]).join(',')}
            p="1.5"
            disabled={!uppy || phase.name === 'uploading'}
            data-testid="direct-file"
            onChange={() => phase.name !== 'uploading' && setPhase({ name: 'idle' })}
          />
        </Field.Root>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={phase.name === 'uploading'} loadingText={t('upload.direct.uploading')} disabled={!uppy}>
            {t('upload.direct.upload')}
          </Button>
          {phase.name === 'uploading' ? (
            <Button variant="outline" onClick={() => (uppy?.cancelAll(), setPhase({ name: 'idle' }))}>
              {t('upload.direct.cancel')}
            </Button>
          ) : null}
        </HStack>
        {phase.name === 'uploading' ? (
          <Box role="status" aria-live="polite">
            <Progress.Root value={phase.percent} colorPalette="brand" size="md" aria-label={t('upload.direct.progress', { percent: phase.percent })}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text mt="1" fontSize="sm" data-testid="direct-progress">
              {t('upload.direct.progress', { percent: phase.percent })}
              {phase.secondsLeft !== null ? ` · ${t('upload.direct.timeLeft', { time: timeLeft(phase.secondsLeft, language) })}` : ''}
            </Text>
          </Box>
        ) : null}
        {phase.name === 'error' ? (
          <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="direct-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('upload.status.failed')}</Alert.Title>
              <Alert.Description>{phase.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {phase.name === 'done' ? (
          <Alert.Root status="success" borderRadius="l2" data-testid="direct-done">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('upload.direct.done')}</Alert.Title>
              <Alert.Description>
                <Stack gap="2" mt="1">
                  <Input readOnly value={link} aria-label={t('upload.direct.done')} data-testid="direct-link" onFocus={(e) => e.currentTarget.select()} />
                  <HStack gap="3" wrap="wrap">
                    <Button size="sm" colorPalette="brand" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
                      {t('upload.direct.copy')}
                    </Button>
                    <Button size="sm" variant="outline" onClick={another}>
                      {t('upload.direct.another')}
                    </Button>
                  </HStack>
                  {copied ? <Text role="status">{t('upload.direct.copied')}</Text> : null}
                  <Text fontSize="sm" color="fg.muted">
                    {t('upload.direct.linkNote')}
                  </Text>
                </Stack>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </Stack>
  );
}
