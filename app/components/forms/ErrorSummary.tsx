import { Alert, Link as ChakraLink, List } from '@chakra-ui/react';
import { controlId } from './Fields';
import { useFocusOnShow } from './useFocusOnShow';

/**
 * The form-level alert of a failed post; each (already translated) field error links to its field.
 * With `focusKey` (a value that changes on every failed submit, such as the action's answer) it
 * takes the focus each time it is shown.
 */
export function ErrorSummary({
  form,
  message,
  errors,
  labels,
  focusKey,
}: {
  form: string;
  message: string;
  errors: Array<[string, string]>;
  labels: Record<string, string>;
  focusKey?: unknown;
}) {
  const ref = useFocusOnShow<HTMLDivElement>(focusKey);
  return (
    <Alert.Root ref={ref} status="error" borderRadius="l2" role="alert" aria-labelledby={`${form}-alert-title`} data-testid="form-alert" tabIndex={-1} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}>
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
                  <ChakraLink href={`#${controlId(form, name)}`} display="inline" textDecoration="underline" textUnderlineOffset="2px" color="inherit">
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
