import { Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; 'failed' when the browser refuses (the caller says so). */
export function useCopy(): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = (text: string) => {
    clearTimeout(timer.current);
    const done = (next: CopyState) => {
      setState(next);
      timer.current = setTimeout(() => setState('idle'), 4000);
    };
    if (!navigator.clipboard?.writeText) return done('failed');
    navigator.clipboard.writeText(text).then(
      () => done('copied'),
      () => done('failed'),
    );
  };
  return [state, copy];
}

/** A read-only short link with a copy button and a live status for screen readers. */
export function ShortLink({ url, label, id = 'short-link' }: { url: string; label: string; id?: string }) {
  const { t } = useTranslation();
  const [state, copy] = useCopy();
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontWeight="semibold" fontSize="sm">
        {label}
      </chakra.label>
      <HStack gap="2" align="stretch" flexDirection={{ base: 'column', sm: 'row' }}>
        <Input id={id} value={url} readOnly bg="bg" fontFamily="mono" fontSize="sm" onFocus={(e) => e.currentTarget.select()} data-testid="short-link" />
        <Button variant="outline" colorPalette="brand" bg="bg" onClick={() => copy(url)} flexShrink={0} data-testid="copy-short-link">
          {state === 'copied' ? t('schedule.saved.copied') : t('schedule.saved.copy')}
        </Button>
      </HStack>
      <Text role="status" aria-live="polite" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'} minH="1.25em">
        {state === 'copied' ? t('schedule.saved.copied') : state === 'failed' ? t('schedule.saved.copyFailed') : ''}
      </Text>
    </Stack>
  );
}
