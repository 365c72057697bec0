/** The link to the page, read-only and selectable, with a copy button that says whether it worked. */
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function ShareLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <Stack gap="2" as="section" aria-labelledby={`${inputId}-heading`} data-testid="share-link">
      <Text id={`${inputId}-heading`} fontWeight="semibold">
        {t('playback.share.heading')}
      </Text>
      <Field.Root>
        <Field.Label htmlFor={inputId}>{t('playback.share.label')}</Field.Label>
        <HStack w="full" gap="2">
          <Input id={inputId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
          <Button onClick={() => void copy()} colorPalette="brand" variant="outline" data-testid="share-copy">
            {t('playback.share.copy')}
          </Button>
        </HStack>
      </Field.Root>
      <Text role="status" fontSize="sm" color={result === 'failed' ? 'fg.error' : 'fg.muted'} data-testid="share-result">
        {result === 'copied' ? t('playback.share.copied') : result === 'failed' ? t('playback.share.copyFailed') : ''}
      </Text>
    </Stack>
  );
}
