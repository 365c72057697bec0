import { Alert, Button, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpeechLanguage, VoiceInfo } from '#app/lib/speech/languages';
import { TtsPlayer, type PlayerState } from '#app/lib/speech/ttsPlayer';
import { TTS_RATE_MAX, TTS_RATE_MIN, type SpeakRequest } from '#app/lib/speech/ttsProtocol';
import { downloadMp3 } from './download';
import { SignInNote } from './SignInNote';
import { BROWSER_VOICE_PREFIX, useBrowserVoices } from './useBrowserVoices';
import { voiceLabels } from './voiceLabels';
import { VoiceStatus, type BrowserSpeechState } from './VoiceStatus';

export interface VoiceFormProps {
  signedIn: boolean;
  voices: VoiceInfo[];
  languages: SpeechLanguage[];
  initialLanguage: SpeechLanguage;
  textMax: number;
}

const IDLE: PlayerState = { phase: 'idle', playedSeconds: 0, receivedSeconds: 0 };

/** /browserVoice's form: text, language, voice and speed; Play / Stop over the socket (or the browser's voice); Download as MP3. */
export function VoiceForm({ signedIn, voices, languages, initialLanguage, textMax }: VoiceFormProps) {
  const { t, i18n } = useTranslation();
  const ids = { text: useId(), language: useId(), voice: useId(), rate: useId(), counter: useId() };
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<SpeechLanguage>(initialLanguage);
  const [voiceId, setVoiceId] = useState('');
  const [rate, setRate] = useState(1);
  const [player, setPlayer] = useState<PlayerState>(IDLE);
  const [browser, setBrowser] = useState<BrowserSpeechState>('idle');
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const playerRef = useRef<TtsPlayer | null>(null);

  const serverVoices = useMemo(() => voices.filter((v) => v.language === language), [voices, language]);
  const browserVoices = useBrowserVoices(language);
  const labels = useMemo(() => voiceLabels(serverVoices, t, i18n.language), [serverVoices, t, i18n.language]);
  const usable = [...(signedIn ? serverVoices.map((v) => v.id) : []), ...browserVoices.map((v) => v.id)];
  const chosen = usable.includes(voiceId) ? voiceId : (usable[0] ?? '');
  const isBrowserVoice = chosen.startsWith(BROWSER_VOICE_PREFIX);

  useEffect(() => () => playerRef.current?.dispose(), []);
  useEffect(() => () => window.speechSynthesis?.cancel(), []);

  const trimmed = text.trim();
  const over = text.length - textMax;
  const busy = ['connecting', 'synthesising', 'playing'].includes(player.phase) || browser === 'playing';
  const canPlay = trimmed.length > 0 && over <= 0 && chosen !== '';
  const request = (): SpeakRequest => ({ text, language, voiceId: chosen, rate });

  const play = () => {
    if (!canPlay) return;
    setDownload({ busy: false, error: null });
    if (isBrowserVoice) return speakInBrowser();
    setBrowser('idle');
    playerRef.current ??= new TtsPlayer(setPlayer);
    playerRef.current.speak(request());
  };

  const speakInBrowser = () => {
    const voice = browserVoices.find((v) => v.id === chosen);
    if (!voice) return;
    playerRef.current?.stop();
    setPlayer(IDLE);
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice.voice;
    utterance.lang = voice.lang;
    utterance.rate = rate;
    utterance.onend = () => setBrowser('done');
    utterance.onerror = (e) => setBrowser(e.error === 'interrupted' || e.error === 'canceled' ? 'idle' : 'error');
    window.speechSynthesis.cancel();
    setBrowser('playing');
    window.speechSynthesis.speak(utterance);
  };

  const stop = () => {
    playerRef.current?.stop();
    if (browser === 'playing') {
      window.speechSynthesis.cancel();
      setBrowser('idle');
    }
  };

  const save = async () => {
    if (!canPlay || isBrowserVoice) return;
    setDownload({ busy: true, error: null });
    const result = await downloadMp3(request(), t('voice.download.fileName'));
    setDownload({ busy: false, error: result.ok ? null : (result.message ?? t('voice.errors.download')) });
  };

  return (
    <Stack gap="5" data-testid="voice-form">
      {signedIn ? null : <SignInNote browserVoices={browserVoices.length > 0} />}
      <Field.Root invalid={over > 0}>
        <Field.Label htmlFor={ids.text}>{t('voice.text')}</Field.Label>
        <Textarea
          id={ids.text}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder={t('voice.textPlaceholder')}
          rows={8}
          aria-describedby={ids.counter}
          data-testid="voice-text"
        />
        <HStack justify="space-between" w="full" flexWrap="wrap">
          <Text id={ids.counter} fontSize="sm" color={over > 0 ? 'fg.error' : 'fg.muted'} data-testid="voice-counter">
            {t('voice.counter', { count: text.length, max: textMax })}
          </Text>
          {over > 0 ? <Field.ErrorText>{t('voice.tooLong', { over })}</Field.ErrorText> : null}
        </HStack>
      </Field.Root>

      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Field.Root flex="1">
          <Field.Label htmlFor={ids.language}>{t('voice.language')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field id={ids.language} value={language} onChange={(e) => setLanguage(e.currentTarget.value as SpeechLanguage)} data-testid="voice-language">
              {languages.map((l) => (
                <option key={l} value={l}>
                  {t(`voice.languages.${l}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="2">
          <Field.Label htmlFor={ids.voice}>{t('voice.voice')}</Field.Label>
          <NativeSelect.Root disabled={usable.length === 0}>
            <NativeSelect.Field id={ids.voice} value={chosen} onChange={(e) => setVoiceId(e.currentTarget.value)} data-testid="voice-voice">
              {usable.length === 0 ? <option value="">{t(signedIn || serverVoices.length === 0 ? 'voice.noVoices' : 'voice.signInForVoices')}</option> : null}
              {signedIn && serverVoices.length ? (
                <optgroup label={t('voice.serverVoices')}>
                  {serverVoices.map((v) => (
                    <option key={v.id} value={v.id}>
                      {labels.get(v.id)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {browserVoices.length ? (
                <optgroup label={t('voice.browserVoices')}>
                  {browserVoices.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label htmlFor={ids.rate}>
            {t('voice.rateLabel', { rate: rate.toLocaleString(i18n.language, { minimumFractionDigits: 1 }) })}
          </Field.Label>
          <input
            id={ids.rate}
            type="range"
            min={TTS_RATE_MIN}
            max={TTS_RATE_MAX}
            step={0.1}
            value={rate}
            onChange={(e) => setRate(Number(e.currentTarget.value))}
            style={{ width: '100%', minHeight: '2.5rem', accentColor: 'var(--chakra-colors-brand-solid)' }}
            data-testid="voice-rate"
          />
        </Field.Root>
      </Stack>

      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" onClick={play} disabled={!canPlay || busy} data-testid="voice-play">
          {t('voice.play')}
        </Button>
        <Button variant="outline" onClick={stop} disabled={!busy} data-testid="voice-stop">
          {t('voice.stop')}
        </Button>
        {signedIn ? (
          <Button variant="outline" onClick={() => void save()} disabled={!canPlay || isBrowserVoice || download.busy} loading={download.busy} loadingText={t('voice.download.working')} data-testid="voice-download">
            {t('voice.download.label')}
          </Button>
        ) : null}
      </HStack>
      {signedIn && isBrowserVoice ? <Text fontSize="sm" color="fg.muted">{t('voice.download.browserVoice')}</Text> : null}
      {trimmed.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="voice-empty">
          {t('voice.empty')}
        </Text>
      ) : null}
      <VoiceStatus player={player} browser={browser} />
      {download.error ? (
        <Alert.Root status="error" data-testid="voice-download-error">
          <Alert.Indicator />
          <Alert.Description>{download.error}</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
