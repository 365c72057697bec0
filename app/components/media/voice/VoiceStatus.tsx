import { Alert, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PlayerState } from '#app/lib/speech/ttsPlayer';

export type BrowserSpeechState = 'idle' | 'playing' | 'done' | 'error';

const seconds = (s: number, language: string) => s.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * What the player is doing, announced politely; once audio has played it shows "2.4 s played"
 * with the exact figure in data-seconds (the browser tests read it).
 */
export function VoiceStatus({ player, browser }: { player: PlayerState; browser: BrowserSpeechState }) {
  const { t, i18n } = useTranslation();
  const played = seconds(player.playedSeconds, i18n.language);
  if (browser !== 'idle') {
    if (browser === 'error') return <ErrorNote text={t('voice.errors.browserVoice')} />;
    return (
      <Text role="status" data-testid="voice-status" color="fg.muted">
        {browser === 'playing' ? t('voice.status.browserPlaying') : t('voice.status.browserDone')}
      </Text>
    );
  }
  if (player.phase === 'error') {
    const code = player.error ?? 'internal';
    const text =
      code === 'dropped'
        ? t('voice.errors.dropped', { seconds: played })
        : code === 'rateLimited'
          ? player.retryAfterSeconds
            ? t('voice.errors.rateLimited', { seconds: player.retryAfterSeconds })
            : t('voice.errors.rateLimitedShort')
          : t(`voice.errors.${code}`);
    return <ErrorNote text={text} code={code} />;
  }
  const message = {
    idle: null,
    connecting: t('voice.status.connecting'),
    synthesising: t('voice.status.synthesising'),
    playing: t('voice.status.playing', { seconds: played }),
    done: t('voice.status.played', { seconds: played }),
    stopped: t('voice.status.stopped', { seconds: played }),
  }[player.phase];
  return (
    <Text role="status" aria-live="polite" data-testid="voice-status" data-phase={player.phase} data-seconds={player.playedSeconds.toFixed(3)} color="fg.muted" minH="6">
      {message}
    </Text>
  );
}

function ErrorNote({ text, code }: { text: string; code?: string }) {
  return (
    <Alert.Root status="error" data-testid="voice-error" data-code={code}>
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}
