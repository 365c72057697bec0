/** Attaching a WebVTT file a person already has as an item's captions; its problems are named with the line. */
import { Alert, Button, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseVtt } from '#app/lib/speech/captions';
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { attachCaptions } from '#app/lib/speech/transcriptApi';
import type { KeyIn } from '#app/lib/i18n/keys';

export function VttUpload({ mediaId }: { mediaId: string | null }) {
  const { t, i18n } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [language, setLanguage] = useState<string>(i18n.language.split('-')[0] ?? 'en');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const problemText = (line: number, problem: string) => t(`transcribe.file.vttProblems.${problem}` as KeyIn<'transcribe.file.vttProblems'>, { line });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mediaId) return setResult({ ok: false, text: t('transcribe.file.needItem') });
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    const vtt = await chosen.text();
    // Checked here first so a mistake is named at once; the server checks again.
    const parsed = parseVtt(vtt);
    if ('error' in parsed) return setResult({ ok: false, text: problemText(parsed.error.line, parsed.error.problem) });
    setBusy(true);
    try {
      await attachCaptions({ mediaId, language, vtt }, t('transcribe.api.badRequest'));
      setResult({ ok: true, text: t('transcribe.file.attached') });
    } catch (e) {
      const error = e as Error & { line?: number; problem?: string };
      setResult({ ok: false, text: error.line && error.problem ? problemText(error.line, error.problem) : error.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack as="form" gap="3" onSubmit={submit} data-testid="vtt-upload">
      <Text color="fg.muted">{t('transcribe.file.vttLead')}</Text>
      <Field.Root>
        <Field.Label>{t('transcribe.file.vttFile')}</Field.Label>
        <Input ref={file} type="file" accept=".vtt,text/vtt" p="1.5" data-testid="vtt-file" onChange={() => setResult(null)} />
      </Field.Root>
      <Field.Root maxW="xs">
        <Field.Label>{t('transcribe.file.vttLanguage')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={language} onChange={(e) => setLanguage(e.currentTarget.value)} data-testid="vtt-language">
            {SPEECH_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`transcribe.languages.${l}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <div>
        <Button type="submit" variant="outline" loading={busy} data-testid="vtt-submit">
          {t('transcribe.file.vttUpload')}
        </Button>
      </div>
      {result && (
        <Alert.Root status={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'} data-testid="vtt-result">
          <Alert.Indicator />
          <Alert.Description>{result.text}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
