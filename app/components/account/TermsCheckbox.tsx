import { Box, Field, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { TranslationKey } from '#app/lib/i18n/keys';

/** "I accept the terms of use" (links to /terms in a new tab), required. */
export function TermsCheckbox({ error, defaultChecked = false, name = 'terms' }: { error?: TranslationKey | null; defaultChecked?: boolean; name?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Box as="label" display="flex" gap="3" alignItems="flex-start" cursor="pointer">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`input-${name}`}
          style={{ width: '1.15rem', height: '1.15rem', marginTop: '0.2rem', accentColor: 'var(--chakra-colors-brand-solid)', flexShrink: 0 }}
        />
        <Text as="span">
          <Trans
            i18nKey="account.terms.accept"
            t={t}
            components={{
              terms: (
                <ChakraLink href="/terms" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                  {' '}
                </ChakraLink>
              ),
            }}
          />
        </Text>
      </Box>
      {error ? (
        <Field.ErrorText id={`${id}-error`} data-testid={`error-${name}`}>
          {t(error)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
