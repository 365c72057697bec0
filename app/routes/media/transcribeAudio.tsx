import { Alert, Box, Button, Card, Field, HStack, Input, NativeSelect, Progress, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CueEditor } from '#app/components/media/transcribe/CueEditor';
import { LanguageChoice } from '#app/components/media/transcribe/LanguageChoice';
import { useSingleUpload } from '#app/components/media/transcribe/useSingleUpload';
import { useTranscript } from '#app/components/media/transcribe/useTranscript';
import { VttUpload } from '#app/components/media/transcribe/VttUpload';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { ACCEPTED_TYPES } from '#app/lib/media/model';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { SpeechLanguageChoice } from '#app/lib/speech/languages';
import { startTranscript } from '#app/lib/speech/transcriptApi';
import type { loader } from './transcribeAudio.server';

/** /transcribeAudio (signed in): upload or pick audio or video, transcribe it on the media queue, edit, export, attach as captions. */
export { loader } from './transcribeAudio.server';
export const handle = i18nHandle('transcribe', 'upload');

const KINDS = ['audio', 'video'] as const;

export default function TranscribeAudio() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const [items, setItems] = useState(data.items);
  const [mediaId, setMediaId] = useState<string | null>(data.selected ?? data.items[0]?.id ?? null);
  const firstAvailable = data.languages.find((l) => l.available)?.language ?? null;
  const viewerLanguage = data.languages.find((l) => l.available && l.language === i18n.language.split('-')[0])?.language;
  // A recogniser that detects the language starts on 'auto' (docs/decisions/0098).
  const [language, setLanguage] = useState<SpeechLanguageChoice | null>(data.detects ? 'auto' : (viewerLanguage ?? firstAvailable));
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { phase, upload } = useSingleUpload('transcribeAudio', KINDS);
  const { transcript, setTranscript, pollFailed } = useTranscript(mediaId, t('transcribe.api.badRequest'));
  const selected = items.find((i) => i.id === mediaId) ?? null;

  // A finished upload joins the list and is chosen.
  if (phase.name === 'done' && !items.some((i) => i.id === phase.item.id)) {
    setItems([{ id: phase.item.id, title: phase.item.title, kind: phase.item.kind, canManage: true }, ...items]);
    setMediaId(phase.item.id);
  }

  async function start() {
    if (!mediaId || !language) return;
    setStarting(true);
    setStartError(null);
    try {
      setTranscript(await startTranscript(mediaId, language, t('transcribe.api.unavailable')));
    } catch (e) {
      setStartError((e as Error).message);
    } finally {
      setStarting(false);
    }
  }

  const working = transcript?.status === 'queued' || transcript?.status === 'running';
  return (
    <UploadScreen title={data.title} lead={t('transcribe.file.lead')} testId="transcribeAudio">
      <Stack gap="6" maxW="3xl">
        <Card.Root variant="outline">
          <Card.Body gap="4">
            <Field.Root>
              <Field.Label>{t('transcribe.file.upload')}</Field.Label>
              <HStack gap="3" wrap="wrap" w="full">
                <Input ref={fileInput} type="file" accept={KINDS.flatMap((k) => ACCEPTED_TYPES[k]).join(',')} p="1.5" flex="1" minW="0" data-testid="transcribe-file" />
                <Button
                  variant="outline"
                  loading={phase.name === 'uploading'}
                  data-testid="transcribe-upload"
                  onClick={() => {
                    const file = fileInput.current?.files?.[0];
                    if (file) void upload(file, file.name, file.type);
                  }}
                >
                  {t('transcribe.file.choose')}
                </Button>
              </HStack>
            </Field.Root>
            {phase.name === 'uploading' && (
              <Progress.Root value={phase.percent} colorPalette="brand" aria-label={t('transcribe.file.uploading', { percent: phase.percent })}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
                <Progress.Label mt="1" fontWeight="normal">
                  {t('transcribe.file.uploading', { percent: phase.percent })}
                </Progress.Label>
              </Progress.Root>
            )}
            {phase.name === 'error' && (
              <Text role="alert" color="fg.error">
                {phase.message}
              </Text>
            )}
            <Field.Root>
              <Field.Label>{t('transcribe.file.orPick')}</Field.Label>
              {items.length ? (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={mediaId ?? ''}
                    aria-label={t('transcribe.file.pick')}
                    data-testid="transcribe-item"
                    onChange={(e) => setMediaId(e.currentTarget.value || null)}
                  >
                    {items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.title}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : (
                <Text color="fg.muted" data-testid="transcribe-no-items">
                  {t('transcribe.file.noItems')}
                </Text>
              )}
            </Field.Root>
            <LanguageChoice label={t('transcribe.file.language')} languages={data.languages} value={language} onChange={setLanguage} testId="transcribe-language" detects={data.detects} />
            <Box>
              <Button colorPalette="brand" onClick={() => void start()} disabled={!mediaId || !language || working} loading={starting} loadingText={t('transcribe.file.starting')} data-testid="transcribe-start">
                {transcript ? t('transcribe.file.retry') : t('transcribe.file.start')}
              </Button>
            </Box>
            {startError && (
              <Text role="alert" color="fg.error" data-testid="transcribe-error">
                {startError}
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        {working && transcript && (
          <Stack gap="2" data-testid="transcribe-progress" role="status" aria-live="polite">
            <Text>{transcript.status === 'queued' ? t('transcribe.file.queued') : t('transcribe.file.running', { percent: transcript.progress })}</Text>
            <Progress.Root value={transcript.status === 'queued' ? null : transcript.progress} colorPalette="brand" aria-label={t('transcribe.file.progress')}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            {pollFailed && (
              <Text fontSize="sm" color="fg.muted">
                {t('transcribe.file.statusUnavailable')}
              </Text>
            )}
          </Stack>
        )}
        {transcript?.status === 'failed' && (
          <Alert.Root status="error" data-testid="transcribe-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('transcribe.file.failed')}</Alert.Title>
              <Alert.Description>{t(`transcribe.file.failures.${transcript.failure ?? 'engine'}`)}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {transcript?.status === 'done' && (
          <Stack gap="3">
            <Text as="h2" fontSize="xl" fontWeight="semibold">
              {t('transcribe.file.result')}
            </Text>
            {transcript.language !== 'auto' && (
              <Text fontSize="sm" data-testid="transcribe-heard" data-language={transcript.language}>
                {t('transcribe.heard', { language: t(`transcribe.languages.${transcript.language}`) })}
              </Text>
            )}
            <CueEditor key={`${transcript.mediaId}-${transcript.createdAt}`} transcript={transcript} canAttach={!!selected?.canManage} onSaved={setTranscript} />
          </Stack>
        )}
        {selected?.canManage && (
          <Stack gap="3">
            <Text as="h2" fontSize="xl" fontWeight="semibold">
              {t('transcribe.file.vttTitle')}
            </Text>
            <VttUpload mediaId={mediaId} />
          </Stack>
        )}
      </Stack>
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
