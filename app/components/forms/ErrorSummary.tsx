import { Alert, Link as ChakraLink, List } from '@chakra-ui/react';
import { controlId } from './Fields';

/** The form-level alert of a failed post; each (already translated) field error links to its field. */
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
