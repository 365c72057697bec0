import { Field, Input, NativeSelect, Text, Textarea, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '#app/lib/i18n/keys';

/** Element id of a form control, shared with the error summary's links to it. */
export const controlId = (form: string, name: string) => `${form}-${name}`;
export const errorId = (form: string, name: string) => `${form}-${name}-error`;
export const helpId = (form: string, name: string) => `${form}-${name}-help`;
/** The character counter of a field with a length limit. */
export const counterId = (form: string, name: string) => `${form}-${name}-count`;

interface BaseProps {
  form: string;
  name: string;
  label: string;
  /** Translation key of the field's error (forms.errors.*), when it has one. */
  error?: TranslationKey;
  /** Values its message interpolates: the rule's bounds, from the schema's constants. */
  errorValues?: Record<string, unknown>;
  required?: boolean;
  help?: string;
}

/** What the shell of any field needs; `errorText` is already translated. */
export interface ShellProps {
  form: string;
  name: string;
  label: string;
  errorText?: string;
  required?: boolean;
  help?: string;
}

/**
 * Label, control, help and error of one field. The ids and ARIA links are written out here, so
 * they are in the server HTML (these screens run no script that could add them later).
 */
export function FieldShell({ form, name, label, errorText, required, help, children }: ShellProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Field.Root id={controlId(form, name)} invalid={Boolean(errorText)} required={required} ids={{ errorText: errorId(form, name), helperText: helpId(form, name) }}>
      <Field.Label fontWeight="semibold" display="block">
        {label}
        {required ? (
          <Field.RequiredIndicator ms="1" />
        ) : (
          <Field.RequiredIndicator
            fallback={
              // A real space, not only a margin: screen readers read "Capacity (optional)", not "Capacity(optional)".
              <>
                {' '}
                <Text as="span" fontWeight="normal" color="fg.muted" ms="0.5">
                  {t('forms.optional')}
                </Text>
              </>
            }
          />
        )}
      </Field.Label>
      {children}
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      {errorText ? (
        <Field.ErrorText fontSize="sm" data-testid={`error-${name}`}>
          {errorText}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

/** aria-* of the control: invalid state, and the help and error texts that describe it. */
export function describeControl({ form, name, help, invalid, counted }: { form: string; name: string; help?: string; invalid: boolean; counted?: boolean }) {
  const ids = [help ? helpId(form, name) : null, counted ? counterId(form, name) : null, invalid ? errorId(form, name) : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': ids || undefined,
    'aria-errormessage': invalid ? errorId(form, name) : undefined,
  } as const;
}

/** The shell of a field whose error is a translation key (forms.errors.*). */
function KeyedShell({ error, errorValues, ...props }: BaseProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return <FieldShell {...props} errorText={error ? t(error, errorValues) : undefined} />;
}

const describe = ({ form, name, help, error }: BaseProps) => describeControl({ form, name, help, invalid: Boolean(error) });

export function TextField({
  defaultValue,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  ...props
}: BaseProps & { defaultValue?: string; type?: string; autoComplete?: string; inputMode?: InputProps['inputMode']; maxLength?: number }) {
  return (
    <KeyedShell {...props}>
      <Input
        name={props.name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        size="lg"
        bg="bg"
        {...describe(props)}
      />
    </KeyedShell>
  );
}

export function TextAreaField({ defaultValue, rows = 6, maxLength, ...props }: BaseProps & { defaultValue?: string; rows?: number; maxLength?: number }) {
  return (
    <KeyedShell {...props}>
      <Textarea
        name={props.name}
        defaultValue={defaultValue}
        rows={rows}
        maxLength={maxLength}
        size="lg"
        bg="bg"
        resize="vertical"
        {...describe(props)}
      />
    </KeyedShell>
  );
}

export function SelectField({
  defaultValue,
  options,
  placeholder,
  ...props
}: BaseProps & { defaultValue?: string; options: ReadonlyArray<{ value: string; label: string }>; placeholder: string }) {
  return (
    <KeyedShell {...props}>
      <NativeSelect.Root size="lg" invalid={Boolean(props.error)}>
        <NativeSelect.Field name={props.name} defaultValue={defaultValue ?? ''} bg="bg" {...describe(props)}>
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </KeyedShell>
  );
}
