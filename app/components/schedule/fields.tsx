import { Box, Input, NativeSelect, Stack, Text, Textarea, chakra, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FieldShell, controlId, describeControl, errorId, helpId } from '#app/components/forms/Fields';
import { CharCounter, useCharCount } from '#app/components/forms/CharCounter';

/** Props of the scheduler's fields: like the information forms', but the error is already translated. */
export interface FieldProps {
  form: string;
  name: string;
  label: string;
  /** Already translated error text. */
  error?: string;
  help?: string;
  required?: boolean;
}

function Shell({ error, ...props }: FieldProps & { children: ReactNode }) {
  return <FieldShell {...props} errorText={error} />;
}

/** aria-* and id of a control, written out so they are in the server HTML too. */
const describe = ({ form, name, error, help }: FieldProps, counted = false) => ({
  id: controlId(form, name),
  ...describeControl({ form, name, help, invalid: Boolean(error), counted }),
});

/**
 * A text control with an optional character limit: `maxChars` shows a live "n / max" counter and
 * never cuts what is typed (the server refuses an over-long value with a field error).
 */
export function TextInput({
  defaultValue,
  type = 'text',
  list,
  inputProps,
  maxChars,
  ...props
}: FieldProps & { defaultValue?: string; type?: string; list?: string; inputProps?: InputProps; maxChars?: number }) {
  const { count, onInput } = useCharCount(defaultValue);
  return (
    <Shell {...props}>
      <Input name={props.name} type={type} list={list} defaultValue={defaultValue} size="lg" bg="bg" onInput={onInput} {...inputProps} {...describe(props, maxChars != null)} />
      {maxChars != null ? <CharCounter form={props.form} name={props.name} count={count} max={maxChars} /> : null}
    </Shell>
  );
}

export function TextAreaInput({ defaultValue, rows = 5, maxChars, ...props }: FieldProps & { defaultValue?: string; rows?: number; maxChars?: number }) {
  const { count, onInput } = useCharCount(defaultValue);
  return (
    <Shell {...props}>
      <Textarea name={props.name} defaultValue={defaultValue} rows={rows} size="lg" bg="bg" resize="vertical" onInput={onInput} {...describe(props, maxChars != null)} />
      {maxChars != null ? <CharCounter form={props.form} name={props.name} count={count} max={maxChars} /> : null}
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
  const id = controlId(form, name);
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
