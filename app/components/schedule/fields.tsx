import { Alert, Box, Field, Input, Link as ChakraLink, List, NativeSelect, Stack, Text, Textarea, chakra, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Element ids of one field, shared with the error summary's links. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;
const errorId = (form: string, name: string) => `${form}-${name}-error`;
const helpId = (form: string, name: string) => `${form}-${name}-help`;

export interface FieldProps {
  form: string;
  name: string;
  label: string;
  /** Already translated error text. */
  error?: string;
  help?: string;
  required?: boolean;
}

/** aria-* of a control, written out so they are in the server HTML too. */
function describe({ form, name, error, help }: FieldProps) {
  const ids = [help ? helpId(form, name) : null, error ? errorId(form, name) : null].filter(Boolean).join(' ');
  return {
    id: fieldId(form, name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
    'aria-errormessage': error ? errorId(form, name) : undefined,
  } as const;
}

function Shell({ form, name, label, error, help, required, children }: FieldProps & { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Ark's Field gives its `id` to the control (the label's `for`); `ids.control` would name the root.
    <Field.Root id={fieldId(form, name)} invalid={Boolean(error)} required={required} ids={{ errorText: errorId(form, name), helperText: helpId(form, name) }}>
      <Field.Label fontWeight="semibold" display="block">
        {label}
        {required ? (
          <Field.RequiredIndicator ms="1" />
        ) : (
          <Field.RequiredIndicator
            fallback={
              <Text as="span" fontWeight="normal" color="fg.muted" ms="1.5">
                {t('forms.optional')}
              </Text>
            }
          />
        )}
      </Field.Label>
      {children}
      {help ? <Field.HelperText>{help}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText fontSize="sm" data-testid={`error-${name}`}>
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

export function TextInput({
  defaultValue,
  type = 'text',
  list,
  inputProps,
  ...props
}: FieldProps & { defaultValue?: string; type?: string; list?: string; inputProps?: InputProps }) {
  return (
    <Shell {...props}>
      <Input name={props.name} type={type} list={list} defaultValue={defaultValue} size="lg" bg="bg" {...inputProps} {...describe(props)} />
    </Shell>
  );
}

export function TextAreaInput({ defaultValue, rows = 5, maxLength, ...props }: FieldProps & { defaultValue?: string; rows?: number; maxLength?: number }) {
  return (
    <Shell {...props}>
      <Textarea name={props.name} defaultValue={defaultValue} rows={rows} maxLength={maxLength} size="lg" bg="bg" resize="vertical" {...describe(props)} />
    </Shell>
  );
}

export function SelectInput({
  defaultValue,
  options,
  placeholder,
  ...props
}: FieldProps & { defaultValue?: string; options: ReadonlyArray<{ value: string; label: string }>; placeholder?: string }) {
  return (
    <Shell {...props}>
      <NativeSelect.Root size="lg" invalid={Boolean(props.error)}>
        <NativeSelect.Field name={props.name} defaultValue={defaultValue ?? ''} bg="bg" {...describe(props)}>
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Shell>
  );
}

/** A native checkbox (posts "on" when checked, nothing when not) with its label and a one-line help. */
export function CheckboxInput({ form, name, label, help, defaultChecked, error }: FieldProps & { defaultChecked: boolean }) {
  const id = fieldId(form, name);
  return (
    <Box>
      <chakra.label htmlFor={id} display="flex" alignItems="flex-start" gap="3" cursor="pointer">
        <chakra.input
          type="checkbox"
          id={id}
          name={name}
          defaultChecked={defaultChecked}
          aria-describedby={[help ? helpId(form, name) : null, error ? errorId(form, name) : null].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          w="5"
          h="5"
          mt="0.5"
          flexShrink={0}
          cursor="pointer"
          css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        />
        <Stack gap="0.5">
          <Text as="span" fontWeight="semibold">
            {label}
          </Text>
          {help ? (
            <Text as="span" id={helpId(form, name)} fontSize="sm" color="fg.muted">
              {help}
            </Text>
          ) : null}
          {error ? (
            <Text as="span" id={errorId(form, name)} fontSize="sm" color="fg.error" data-testid={`error-${name}`}>
              {error}
            </Text>
          ) : null}
        </Stack>
      </chakra.label>
    </Box>
  );
}

/** The form-level alert of a failed post, each field error a link to its field. */
export function ErrorSummary({ form, message, errors, labels }: { form: string; message: string; errors: Array<[string, string]>; labels: Record<string, string> }) {
  return (
    <Alert.Root status="error" borderRadius="l2" role="alert" aria-labelledby={`${form}-alert-title`} data-testid="form-alert" tabIndex={-1}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title id={`${form}-alert-title`} fontWeight="semibold">
          {message}
        </Alert.Title>
        {errors.length ? (
          <Alert.Description>
            <List.Root mt="2" gap="1" ps="4">
              {errors.map(([name, text]) => (
                <List.Item key={name}>
                  <ChakraLink href={`#${fieldId(form, name)}`} display="inline" textDecoration="underline" textUnderlineOffset="2px" color="inherit">
                    <strong>{labels[name] ?? name}</strong> – {text}
                  </ChakraLink>
                </List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}
