import { Box, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromE164, type PhoneSettings } from '#app/lib/account/phone';
import type { TranslationKey } from '#app/lib/i18n/keys';

/**
 * Country picker (tenant default country, tenant's preferred countries first) and the number.
 * Posts `<name>Country` and `<name>` (as typed); the form turns them into E.164 with toE164().
 */
export function PhoneField({
  name,
  label,
  settings,
  error,
  defaultValue,
  onCountryChange,
}: {
  name: string;
  label: string;
  settings: PhoneSettings;
  error?: TranslationKey | null;
  /** E.164 or national number to start with. */
  defaultValue?: string;
  onCountryChange?: (country: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const start = defaultValue?.startsWith('+') ? fromE164(defaultValue, settings.defaultCountry) : { country: settings.defaultCountry, national: defaultValue ?? '' };
  const [country, setCountry] = useState(start.country);
  const dial = settings.countries.find((c) => c.code === country)?.dial ?? '';
  const errorId = `${id}-error`;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={id} fontWeight="semibold">
        {label}
        <Field.RequiredIndicator ms="1" />
      </Field.Label>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
        <Box flexShrink={0} w={{ base: 'full', sm: '56' }}>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              name={`${name}Country`}
              value={country}
              onChange={(e) => {
                setCountry(e.target.value);
                onCountryChange?.(e.target.value);
              }}
              aria-label={t('account.phone.country')}
              bg="bg"
              data-testid={`select-${name}Country`}
            >
              <optgroup label={t('account.phone.preferred')}>
                {settings.countries.slice(0, settings.preferredCount).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.dial})
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('account.phone.allCountries')}>
                {settings.countries.slice(settings.preferredCount).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.dial})
                  </option>
                ))}
              </optgroup>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Input
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          defaultValue={start.national}
          placeholder={dial ? `${dial} …` : undefined}
          size="lg"
          bg="bg"
          flex={{ base: 'none', sm: '1' }}
          w="full"
          minW="0"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`input-${name}`}
        />
      </Stack>
      {error ? (
        <Field.ErrorText id={errorId} data-testid={`error-${name}`}>
          {t(error)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
