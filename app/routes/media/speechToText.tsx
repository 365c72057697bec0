import { Alert, Box, Button, Card, Field, HStack, Input, Link as ChakraLink, Progress, Stack, Text, Textarea } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageChoice } from '#app/components/media/transcribe/LanguageChoice';
import { useDictation, type DictationProblem } from '#app/components/media/transcribe/useDictation';
import { useSingleUpload } from '#app/components/media/transcribe/useSingleUpload';
import { UploadScreen } from '#app/components/media/upload/UploadScreen';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { isSpeechLanguage } from '#app/lib/speech/transcript';
import type { SpeechLanguage, SpeechLanguageChoice } from '#app/lib/speech/languages';
import { textToPdf } from '#app/lib/speech/textPdf';
import type { loader } from './speechToText.server';

/** /speechToText (signed in): live dictation into an editable text; copy it or save it in the library as a PDF. */
export { loader } from './speechToText.server';
export const handle = i18nHandle('transcribe', 'upload');

const DOCUMENT = ['document'] as const;

function useProblemText(problem: DictationProblem | null): string | null {
  const { t } = useTranslation();
  if (!problem) return null;
  if (problem.kind !== 'server') return t(`transcribe.dictation.${problem.kind === 'closed' ? 'errors.closed' : problem.kind}`);
  if (problem.code === 'limit') return t('transcribe.dictation.errors.limit', { minutes: Math.max(1, Math.ceil((problem.retryAfterSeconds ?? 60) / 60)) });
  return t(`transcribe.dictation.errors.${problem.code}`);
}

export default function SpeechToText() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const viewer = data.languages.find((l) => l.available && l.language === i18n.language.split('-')[0])?.language;
  // A recogniser that detects the language starts on 'auto' (docs/decisions/0098).
  const [language, setLanguage] = useState<SpeechLanguageChoice | null>(data.detects ? 'auto' : (viewer ?? data.languages.find((l) => l.available)?.language ?? null));
  const [heard, setHeard] = useState<SpeechLanguage | null>(null);
  const [text, setText] = useState('');
  const [copied, setCopied] = useState(false);
  const [title, setTitle] = useState('');
  const [emptyNote, setEmptyNote] = useState(false);
  const [browserRecognizer, setBrowserRecognizer] = useState(false);
  const dictation = useDictation((final, recognised) => {
    if (isSpeechLanguage(recognised)) setHeard(recognised);
    setText((current) => (current && !/\s$/.test(current) ? `${current} ${final}` : `${current}${final}`));
  });
  const problem = useProblemText(dictation.problem);
  const { phase, upload } = useSingleUpload('speechToText', DOCUMENT);
  const busy = dictation.state !== 'idle';

  useEffect(() => {
    const w = window as unknown as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
    setBrowserRecognizer(Boolean(w.SpeechRecognition ?? w.webkitSpeechRecognition));
  }, []);

  async function save() {
    if (!text.trim()) return setEmptyNote(true);
    setEmptyNote(false);
    const name = title.trim() || t('transcribe.dictation.defaultTitle', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date()) });
    const pdf = await textToPdf(name, text);
    const fileName = `${name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'dictation'}.pdf`;
    await upload(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName, 'application/pdf');
  }

  return (
    <UploadScreen title={data.title} lead={t('transcribe.dictation.lead')} testId="speechToText">
      <Stack gap="5" maxW="3xl">
        <Card.Root variant="outline">
          <Card.Body gap="4">
            <LanguageChoice label={t('transcribe.dictation.language')} languages={data.languages} value={language} onChange={setLanguage} testId="dictation-language" disabled={busy} detects={data.detects} />
            {language === 'auto' && heard && (
              <Text fontSize="sm" data-testid="dictation-heard" data-language={heard}>
                {t('transcribe.heard', { language: t(`transcribe.languages.${heard}`) })}
              </Text>
            )}
            <HStack gap="3" wrap="wrap">
              {dictation.state === 'idle' ? (
                <Button colorPalette="brand" onClick={() => language && void dictation.start(language)} disabled={!language} data-testid="dictation-start">
                  {t('transcribe.dictation.start')}
                </Button>
              ) : (
                <Button colorPalette="red" onClick={dictation.stop} loading={dictation.state === 'stopping'} data-testid="dictation-stop">
                  {t('transcribe.dictation.stop')}
                </Button>
              )}
              <Text role="status" aria-live="polite" data-testid="dictation-state" data-state={dictation.state}>
                {dictation.state === 'connecting' ? t('transcribe.dictation.connecting') : dictation.state === 'listening' ? t('transcribe.dictation.listening') : ''}
              </Text>
            </HStack>
            {dictation.state === 'listening' && (
              <Progress.Root value={Math.round(dictation.level * 100)} size="xs" colorPalette="green" aria-label={t('transcribe.dictation.level')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            {problem && (
              <Alert.Root status="error" role="alert" data-testid="dictation-problem">
                <Alert.Indicator />
                <Alert.Description>{problem}</Alert.Description>
              </Alert.Root>
            )}
            {browserRecognizer && (
              <Text fontSize="sm" color="fg.muted">
                {t('transcribe.dictation.browserRecognizer')}
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        <Field.Root>
          <Field.Label>{t('transcribe.dictation.text')}</Field.Label>
          <Textarea value={text} onChange={(e) => setText(e.currentTarget.value)} rows={10} autoresize data-testid="dictation-text" />
          <Box minH="6" aria-live="polite" w="full">
            {dictation.partial && (
              <Text color="fg.muted" fontStyle="italic" data-testid="dictation-partial">
                {t('transcribe.dictation.pending', { text: dictation.partial })}
              </Text>
            )}
          </Box>
        </Field.Root>

        <HStack gap="3" wrap="wrap">
          <Button
            variant="outline"
            disabled={!text}
            data-testid="dictation-copy"
            onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}
          >
            {t('transcribe.dictation.copy')}
          </Button>
          <Button variant="ghost" disabled={!text} onClick={() => (setText(''), setCopied(false))}>
            {t('transcribe.dictation.clear')}
          </Button>
          {copied && <Text role="status">{t('transcribe.dictation.copied')}</Text>}
        </HStack>

        <Card.Root variant="subtle">
          <Card.Body gap="3">
            <Field.Root>
              <Field.Label>{t('transcribe.dictation.saveTitle')}</Field.Label>
              <Input value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-testid="dictation-title" />
            </Field.Root>
            <Box>
              <Button colorPalette="brand" onClick={() => void save()} loading={phase.name === 'uploading'} loadingText={t('transcribe.dictation.saving')} data-testid="dictation-save">
                {t('transcribe.dictation.save')}
              </Button>
            </Box>
            {emptyNote && <Text role="alert">{t('transcribe.dictation.empty')}</Text>}
            {phase.name === 'error' && (
              <Text role="alert" color="fg.error">
                {phase.message}
              </Text>
            )}
            {phase.name === 'done' && (
              <Text role="status" data-testid="dictation-saved">
                {t('transcribe.dictation.saved')}{' '}
                <ChakraLink href={`/api/media/download?id=${phase.item.id}`} color="brand.fg" textDecoration="underline" data-testid="dictation-download">
                  {t('transcribe.dictation.downloadPdf')}
                </ChakraLink>
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </UploadScreen>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
