import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chimeWav } from './tone';

/** Plays a short chime on the chosen speaker. */
export function TestSound({ sinkId }: { sinkId: string | undefined }) {
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
