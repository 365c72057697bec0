import { Alert, Box, Button, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { controlId } from './Fields';
import { ErrorSummary } from './ErrorSummary';
import { HONEYPOT_FIELD } from '#app/lib/forms/schemas';

/**
 * A field people never see or reach: off screen, hidden from assistive technology, out of the
 * tab order and never auto-filled. Bots that fill every input give themselves away.
 */
export function Honeypot({ form }: { form: string }) {
  const { t } = useTranslation();
  const id = controlId(form, HONEYPOT_FIELD);
  return (
    <Box aria-hidden="true" position="absolute" left="-10000px" top="auto" w="1px" h="1px" overflow="hidden">
      <label htmlFor={id}>{t('forms.honeypot')}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </Box>
  );
}

/**
 * The form-level message of a failed post. For field errors it lists each one as a link to its
 * field, so keyboard and screen-reader users reach the problem without any script.
 */
export function FormAlert({
  form,
  message,
  fieldErrors,
  labels,
  errorValues,
}: {
  form: string;
  message: string;
  fieldErrors: Record<string, TranslationKey>;
  labels: Record<string, string>;
  /** Values the messages interpolate (the rules' bounds). */
  errorValues?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  return <ErrorSummary form={form} message={message} errors={Object.entries(fieldErrors).map(([name, key]) => [name, t(key, errorValues)])} labels={labels} />;
}

/** Shown instead of the form after a successful post. */
export function SuccessPanel({ message, againHref }: { message: string; againHref: string }) {
  const { t } = useTranslation();
  return (
    <Alert.Root
      status="success"
      variant="subtle"
      borderRadius="l3"
      p={{ base: '5', md: '8' }}
      role="status"
      flexDirection={{ base: 'column', md: 'row' }}
      gap="4"
      data-testid="form-success"
    >
      <Alert.Indicator boxSize="8" />
      <Alert.Content gap="2">
        <Alert.Title as="h2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold">
          {t('forms.successTitle')}
        </Alert.Title>
        <Alert.Description fontSize={{ base: 'md', md: 'lg' }}>{message}</Alert.Description>
        <Box mt="4">
          <Button asChild variant="outline" colorPalette="brand" bg="bg">
            <Link to={againHref} reloadDocument data-testid="send-another">
              {t('forms.sendAnother')}
            </Link>
          </Button>
        </Box>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Form column and an aside with the tenant's other contact channels; stacked below 1025px. */
export function FormLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData()!;
  const { contact } = root.tenant;
  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap={{ base: '8', lg: '12', xl: '16' }} align="flex-start">
      <Box
        flex="1"
        minW="0"
        w="full"
        maxW={{ lg: '3xl' }}
        p={{ base: '0', md: '8' }}
        borderWidth={{ base: '0', md: '1px' }}
        borderColor="border"
        borderRadius="l3"
        bg="bg"
        boxShadow={{ md: 'card' }}
        position="relative"
      >
        {children}
      </Box>
      <Box as="aside" aria-labelledby="contact-aside" w={{ base: 'full', lg: '80' }} flexShrink={0} p="6" borderRadius="l3" bg="bg.subtle" borderWidth="1px" borderColor="border">
        <Heading as="h2" id="contact-aside" size="md">
          {t('forms.asideTitle')}
        </Heading>
        <Stack as="dl" mt="4" gap="4" fontSize="sm">
          <Box>
            <Text as="dt" fontWeight="semibold">
              {t('support.emailLabel')}
            </Text>
            <Text as="dd" color="fg.muted">
              <ChakraLink href={`mailto:${contact.email}`} color="brand.fg" wordBreak="break-all">
                {contact.email}
              </ChakraLink>
            </Text>
          </Box>
          {contact.phone ? (
            <Box>
              <Text as="dt" fontWeight="semibold">
                {t('support.phoneLabel')}
              </Text>
              <Text as="dd" color="fg.muted">
                <ChakraLink href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} color="brand.fg">
                  {contact.phone}
                </ChakraLink>
              </Text>
            </Box>
          ) : null}
          {contact.address ? (
            <Box>
              <Text as="dt" fontWeight="semibold">
                {t('support.addressLabel')}
              </Text>
              <Text as="dd" color="fg.muted">
                {contact.address}
              </Text>
            </Box>
          ) : null}
        </Stack>
        <ChakraLink asChild mt="5" display="inline-block" color="brand.fg" fontWeight="semibold" fontSize="sm">
          <Link to="/questions">{t('support.faqLink')}</Link>
        </ChakraLink>
      </Box>
    </Stack>
  );
}
