import { Badge, Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { DomainRow, DomainState } from '#app/lib/domains/domain';

const STATE_PALETTE: Record<DomainState, string> = { pending: 'gray', verified: 'blue', certificateIssued: 'green', failing: 'red' };

type CheckAnswer = { row: DomainRow } | { error: 'forbidden' | 'badRequest' | 'notFound' };

/** A value to copy into a DNS form: wraps on a phone instead of widening the page. */
function Value({ children, testId }: { children: string; testId?: string }) {
  return (
    <Code display="block" px="2" py="1" wordBreak="break-all" whiteSpace="pre-wrap" data-testid={testId}>
      {children}
    </Code>
  );
}

function DomainCard({ row, locale }: { row: DomainRow; locale: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CheckAnswer>();
  const busy = fetcher.state !== 'idle';
  const date = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const error = answer && 'error' in answer ? answer.error : undefined;
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '5' }} aria-labelledby={`domain-${row.domain}`} data-testid="domain-card">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="2" mb="3">
        <Heading as="h3" size="md" id={`domain-${row.domain}`} wordBreak="break-all">
          {row.domain}
        </Heading>
        <Badge colorPalette={STATE_PALETTE[row.state]} size="lg" data-testid="domain-state">
          {t(`dashboard.domains.state.${row.state}`)}
        </Badge>
      </Stack>
      {row.lastCheck && !row.lastCheck.ok && row.lastCheck.failure ? (
        <Text color="fg.error" mb="3">
          {t(`dashboard.domains.failure.${row.lastCheck.failure}`)}
        </Text>
      ) : null}
      <Stack gap="1" mb="3" fontSize="sm" color="fg.muted">
        {row.verifiedAt ? <Text>{t('dashboard.domains.verifiedAt', { date: date(row.verifiedAt) })}</Text> : null}
        {row.certificate ? <Text>{t('dashboard.domains.certificate', { issuer: row.certificate.issuer, date: date(row.certificate.notAfter) })}</Text> : null}
        {row.lastCheck ? <Text>{t('dashboard.domains.lastCheck', { date: date(row.lastCheck.at) })}</Text> : null}
      </Stack>
      {row.verifiedAt ? null : (
        <Stack gap="4" mb="4">
          <Box>
            <Heading as="h4" size="sm" mb="2">
              {t('dashboard.domains.txtTitle')}
            </Heading>
            <Text fontSize="sm">{t('dashboard.domains.txtName')}</Text>
            <Value testId="domain-txt-name">{row.txtName}</Value>
            <Text fontSize="sm" mt="2">
              {t('dashboard.domains.txtValue')}
            </Text>
            <Value testId="domain-token">{row.token}</Value>
          </Box>
          <Box>
            <Heading as="h4" size="sm" mb="2">
              {t('dashboard.domains.httpTitle')}
            </Heading>
            <Text fontSize="sm" mb="1">
              {t('dashboard.domains.httpText')}
            </Text>
            <Value>{row.tokenUrl}</Value>
          </Box>
        </Stack>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="checkDomain" />
        <input type="hidden" name="domain" value={row.domain} />
        <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('dashboard.domains.check')} width={{ base: 'full', sm: 'auto' }}>
          {t('dashboard.domains.check')}
        </Button>
      </fetcher.Form>
      <Box role="status" aria-live="polite" mt="2" fontSize="sm">
        {busy ? t('dashboard.domains.checking', { domain: row.domain }) : answer && 'row' in answer ? t('dashboard.domains.checked', { domain: row.domain }) : null}
      </Box>
      {error ? (
        <Text role="alert" color="fg.error" mt="2">
          {t(`dashboard.domains.error.${error}`)}
        </Text>
      ) : null}
    </Box>
  );
}

/** The Domains tab (admins): each custom domain with its state, what to publish to prove it, and Check now. */
export function DomainsTab({ domains, admin, locale }: { domains: DomainRow[] | null; admin: boolean; locale: string }) {
  const { t } = useTranslation();
  if (!admin) return <Text>{t('dashboard.domains.adminOnly')}</Text>;
  if (!domains?.length) return <Text>{t('dashboard.domains.none')}</Text>;
  return (
    <Stack gap="5">
      <Text>{t('dashboard.domains.intro')}</Text>
      {domains.map((row) => (
        <DomainCard key={row.domain} row={row} locale={locale} />
      ))}
    </Stack>
  );
}
