/** A read-only value (URL, stream key) with a copy button; when the clipboard is refused the text is selected for a manual copy. */
import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
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
        <Input ref={input} value={value} readOnly onFocus={(e) => e.currentTarget.select()} bg="bg" fontFamily="mono" fontSize="sm" data-testid={testId} />
        <Button type="button" variant="outline" colorPalette="brand" onClick={copy} flexShrink={0} aria-label={`${t('broadcast.key.copy')}: ${label}`}>
          {t('broadcast.key.copy')}
        </Button>
      </HStack>
      <Text aria-live="polite" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'} minH="5">
        {state === 'copied' ? t('broadcast.key.copied') : state === 'failed' ? t('broadcast.key.copyFailed') : ''}
      </Text>
    </Field.Root>
  );
}
