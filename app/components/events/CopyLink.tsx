import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A read-only link with a copy button; when the clipboard is refused, the text is selected for a manual copy. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      input.current?.select();
      setState('failed');
    }
  };
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold">{label}</Field.Label>
      <HStack gap="2" w="full">
        <Input ref={input} value={url} readOnly onFocus={(e) => e.currentTarget.select()} bg="bg" fontFamily="mono" fontSize="sm" data-testid="short-link" />
        <Button type="button" variant="outline" colorPalette="brand" onClick={copy} flexShrink={0}>
          {t('events.preview.copy')}
        </Button>
      </HStack>
      <Text aria-live="polite" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'} minH="5">
        {state === 'copied' ? t('events.preview.copied') : state === 'failed' ? t('events.preview.copyFailed') : ''}
      </Text>
    </Field.Root>
  );
}
