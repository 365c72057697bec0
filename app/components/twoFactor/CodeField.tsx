import { Field, Input } from '@chakra-ui/react';

/** Digits only, at most six: what authenticator apps and SMS codes look like. */
export const normaliseCode = (value: string) => value.replace(/\D/g, '').slice(0, 6);
export const isCompleteCode = (value: string) => /^\d{6}$/.test(value);

/** A one-time-code field: numeric keyboard on phones, autofill of SMS codes, clear error. */
export function CodeField({
  label,
  helper,
  error,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  helper?: string;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>{label}</Field.Label>
      <Input
        name="code"
        value={value}
        onChange={(e) => onChange(normaliseCode(e.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        autoFocus={autoFocus}
        maxW="12rem"
        fontSize="xl"
        letterSpacing="0.3em"
        fontFamily="mono"
        data-testid="code-input"
      />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
