/**
 * The spoken language of a speech tool: only the languages this server's recogniser has can be
 * chosen; the others are listed as unavailable here, with the reason. A recogniser that tells
 * languages apart also offers 'auto' (docs/decisions/0098).
 */
import { Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SpeechLanguage, SpeechLanguageChoice } from '#app/lib/speech/languages';

export interface LanguageOption {
  language: SpeechLanguage;
  available: boolean;
}

export function LanguageChoice({
  label,
  languages,
  value,
  onChange,
  testId,
  disabled,
  detects,
}: {
  label: string;
  languages: readonly LanguageOption[];
  value: SpeechLanguageChoice | null;
  onChange: (language: SpeechLanguageChoice) => void;
  testId: string;
  disabled?: boolean;
  /** Offer 'auto': the recogniser detects which language is spoken. */
  detects?: boolean;
}) {
  const { t } = useTranslation();
  const unavailable = languages.filter((l) => !l.available);
  // No language at all (the site's engines cannot serve here, docs/decisions/0100): one plain sentence, not a list.
  const none = !detects && languages.length > 0 && unavailable.length === languages.length;
  return (
    <Field.Root maxW="md" disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value ?? ''} data-testid={testId} onChange={(e) => onChange(e.currentTarget.value as SpeechLanguageChoice)}>
          {detects && <option value="auto">{t('transcribe.languages.auto')}</option>}
          {languages.map((l) => (
            <option key={l.language} value={l.language} disabled={!l.available}>
              {t(`transcribe.languages.${l.language}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {none ? (
        <Text mt="1" fontSize="sm" color="fg.muted" role="status" data-testid={`${testId}-unavailable`}>
          {t('transcribe.unavailableAll')}
        </Text>
      ) : unavailable.length > 0 && (
        <Stack as="ul" gap="1" mt="1" ps="4" fontSize="sm" color="fg.muted" data-testid={`${testId}-unavailable`}>
          {unavailable.map((l) => (
            <Text as="li" key={l.language}>
              {t('transcribe.unavailableLanguage', { language: t(`transcribe.languages.${l.language}`) })}
            </Text>
          ))}
        </Stack>
      )}
    </Field.Root>
  );
}
