/**
 * A finished transcript as editable cues: each phrase's text in its own field with its times shown;
 * save, export (.txt, .srt, .vtt) and attach as the item's captions.
 */
import { Alert, Button, Field, HStack, Link as ChakraLink, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, toPlainText, toSrt, toVtt, type CaptionCue } from '#app/lib/speech/captions';
import { attachCaptions, downloadText, saveCues } from '#app/lib/speech/transcriptApi';
import type { TranscriptView } from '#app/lib/speech/transcript';

const short = (seconds: number) => formatTimestamp(seconds).replace(/^00:/, '');

export function CueEditor({ transcript, canAttach, onSaved }: { transcript: TranscriptView; canAttach: boolean; onSaved: (t: TranscriptView) => void }) {
  const { t } = useTranslation();
  const [cues, setCues] = useState<CaptionCue[]>(transcript.cues);
  const [busy, setBusy] = useState<'save' | 'attach' | null>(null);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string; attached?: boolean } | null>(null);
  const base = transcript.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'transcript';
  const kept = cues.filter((c) => c.text.trim());

  async function save(): Promise<boolean> {
    setBusy('save');
    try {
      onSaved(await saveCues(transcript.mediaId, cues, t('transcribe.api.badRequest')));
      setNotice({ status: 'success', text: t('transcribe.file.saved') });
      return true;
    } catch (e) {
      setNotice({ status: 'error', text: (e as Error).message });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function attach() {
    if (!(await save())) return;
    setBusy('attach');
    try {
      await attachCaptions({ mediaId: transcript.mediaId }, t('transcribe.api.badRequest'));
      setNotice({ status: 'success', text: t('transcribe.file.attached'), attached: true });
    } catch (e) {
      setNotice({ status: 'error', text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  }

  if (!cues.length) return <Text data-testid="transcript-empty">{t('transcribe.file.resultEmpty')}</Text>;
  return (
    <Stack gap="4" data-testid="transcript-result">
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0">
        {cues.map((cue, i) => (
          <li key={i}>
            <Field.Root>
              <Field.Label fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                {t('transcribe.file.cue', { n: i + 1, start: short(cue.start), end: short(cue.end) })}
              </Field.Label>
              <Textarea
                value={cue.text}
                rows={2}
                autoresize
                data-testid="transcript-cue"
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setCues((all) => all.map((c, j) => (j === i ? { ...c, text } : c)));
                }}
              />
            </Field.Root>
          </li>
        ))}
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" onClick={() => void save()} loading={busy === 'save'} data-testid="transcript-save">
          {t('transcribe.file.save')}
        </Button>
        {canAttach && (
          <Button variant="outline" onClick={() => void attach()} loading={busy === 'attach'} data-testid="transcript-attach">
            {t('transcribe.file.attach')}
          </Button>
        )}
      </HStack>
      <Stack gap="2">
        <Text fontWeight="medium">{t('transcribe.file.export')}</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="subtle" data-testid="export-txt" onClick={() => downloadText(toPlainText(kept), `${base}.txt`, 'text/plain')}>
            {t('transcribe.file.exportTxt')}
          </Button>
          <Button size="sm" variant="subtle" data-testid="export-srt" onClick={() => downloadText(toSrt(kept), `${base}.srt`, 'application/x-subrip')}>
            {t('transcribe.file.exportSrt')}
          </Button>
          <Button size="sm" variant="subtle" data-testid="export-vtt" onClick={() => downloadText(toVtt(kept), `${base}.vtt`, 'text/vtt')}>
            {t('transcribe.file.exportVtt')}
          </Button>
        </HStack>
      </Stack>
      {notice && (
        <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'} data-testid="transcript-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>
              {notice.text}{' '}
              {notice.attached && (
                <ChakraLink asChild color="brand.fg" textDecoration="underline">
                  <Link to={`/mediaPlayBack?mediaId=${transcript.mediaId}`} data-testid="transcript-open-item">
                    {t('transcribe.file.openItem')}
                  </Link>
                </ChakraLink>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}
