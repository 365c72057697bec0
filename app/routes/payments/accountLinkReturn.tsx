import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './accountLinkReturn.server';

/** /accountLinkReturn: back from payout onboarding; says whether the account is active or still pending. */
export { loader } from './accountLinkReturn.server';
export const handle = i18nHandle('payments');

export default function AccountLinkReturn() {
  const { t } = useTranslation();
  const { title, status, providerDown } = useLoaderData<typeof loader>();
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="4">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        <Text data-testid="account-link-status" data-status={status}>
          {t(`payments.accountLink.${status}`)}
        </Text>
        {providerDown ? (
          <Text role="alert" color="fg.error">
            {t('payments.accountLink.unavailable')}
          </Text>
        ) : null}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RemixLink to="/primeProfilePayments">{t('payments.accountLink.back')}</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
