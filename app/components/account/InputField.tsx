import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '#app/lib/i18n/keys';

/** A labelled input for the account screens; `error` is a translation key. */
export function InputField({
  name,
  label,
  error,
  required = true,
  help,
  ...input
}: { name: string; label: string; error?: TranslationKey | null; required?: boolean; help?: string } & Omit<InputProps, 'name'>) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label htmlFor={id} fontWeight="semibold">
        {label}
        <Field.RequiredIndicator ms="1" />
      </Field.Label>
      <Input
        id={id}
        name={name}
        size="lg"
        bg="bg"
        aria-invalid={error ? true : undefined}
        aria-describedby={[help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
        data-testid={`input-${name}`}
        {...input}
      />
      {help ? <Field.HelperText id={helpId}>{help}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText id={errorId} data-testid={`error-${name}`}>
          {t(error)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/** The 6-digit code of an email or SMS. */
export function CodeField({ name = 'code', label, error, defaultValue }: { name?: string; label: string; error?: TranslationKey | null; defaultValue?: string }) {
  return (
    <InputField
      name={name}
      label={label}
      error={error}
      defaultValue={defaultValue}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      letterSpacing="0.3em"
      fontFamily="mono"
      fontSize="xl"
    />
  );
}
