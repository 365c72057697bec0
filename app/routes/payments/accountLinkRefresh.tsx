import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link as RemixLink, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './accountLinkRefresh.server';

/**
 * /accountLinkRefresh: an onboarding link expired or was used. The loader makes a fresh one and
 * redirects to it; this page shows only when it cannot (no account yet, provider unreachable).
 */
export { loader } from './accountLinkRefresh.server';
export const handle = i18nHandle('payments');

export default function AccountLinkRefresh() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="4">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {data.title}
        </Heading>
        <Text role="alert" data-testid="account-link-problem">
          {t(`payments.accountLink.${data.problem}`)}
        </Text>
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RemixLink to="/primeProfilePayments">{t('payments.accountLink.back')}</RemixLink>
        </Link>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
