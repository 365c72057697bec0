import { Box, Button, Container, Heading, Text } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/** What a 503 from a loader or action carries (server/platform/unavailable.server.ts). */
export interface OutageData {
  error: 'serviceUnavailable';
  service: 'database' | 'identity' | 'storage';
  message: string;
  /** The text fields of a refused form post, sent again by "Try again". */
  values?: Record<string, string>;
}

export const isOutageData = (data: unknown): data is OutageData =>
  typeof data === 'object' && data !== null && (data as OutageData).error === 'serviceUnavailable' && ['database', 'identity', 'storage'].includes((data as OutageData).service);

/** Fields the person did not type themselves: not shown, still sent again. */
const HIDDEN_FIELD = /^(intent|_.*|csrf.*|redirectTo|returnTo)$/i;

/**
 * The branded "… is unavailable right now" page (docs/decisions/0053). Try again reloads the page;
 * after a refused form post it sends the same fields again, and shows what was typed.
 */
export function UnavailablePage({ outage }: { outage: OutageData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const values = outage.values ? Object.entries(outage.values) : null;
  const typed = values?.filter(([name, value]) => value.trim() !== '' && !HIDDEN_FIELD.test(name)) ?? [];
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }} data-testid="unavailable-page" data-service={outage.service}>
      <Text fontSize="sm" fontWeight="bold" color="brand.fg" letterSpacing="wide">
        503
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '4xl' }} mt="2">
        {t(`unavailable.title.${outage.service}`)}
      </Heading>
      <Text mt="4" fontSize="lg" color="fg.muted">
        {t('unavailable.body')}
      </Text>
      {values ? (
        <form method="post" action={location.pathname + location.search}>
          {typed.length ? (
            <>
              <Text mt="6">{t('unavailable.kept')}</Text>
              <Box as="ul" mt="3" ps="5" data-testid="unavailable-values">
                {typed.map(([name, value]) => (
                  <Box as="li" key={name} whiteSpace="pre-wrap">
                    {value}
                  </Box>
                ))}
              </Box>
            </>
          ) : null}
          {values.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" mt="8" colorPalette="brand">
            {t('unavailable.retry')}
          </Button>
        </form>
      ) : (
        <Button asChild mt="8" colorPalette="brand">
          <a href={location.pathname + location.search}>{t('unavailable.retry')}</a>
        </Button>
      )}
    </Container>
  );
}
