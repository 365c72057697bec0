import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { timeLeft } from './useNow';

const pad = (n: number) => String(n).padStart(2, '0');

function Unit({ unit, value, label }: { unit: 'd' | 'h' | 'm' | 's'; value: string; label: string }) {
  return (
    <Stack gap="0" align="center" minW="12" px="2" py="1.5" borderRadius="l2" bg="brand.subtle" color="brand.fg">
      <Text as="span" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontVariantNumeric="tabular-nums" lineHeight="1.1" data-unit={unit}>
        {value}
      </Text>
      <Text as="span" fontSize="xs" fontWeight="medium">
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Time left until the start, from a clock the parent ticks (useNow). It is a `timer` role with
 * its live announcements off: a screen reader reads it on demand, not every second. On a page
 * without the client app, CountdownScript ticks it from data-countdown-start.
 */
export function Countdown({ startMs, now }: { startMs: number; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(startMs, now);
  if (left.total === 0) {
    return (
      <Text fontWeight="semibold" color="brand.fg" data-testid="countdown-done">
        {t('events.preview.startedNow')}
      </Text>
    );
  }
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="1.5" id="countdown-label">
        {t('events.preview.startsIn')}
      </Text>
      <HStack role="timer" aria-live="off" aria-labelledby="countdown-label" gap="2" flexWrap="wrap" data-testid="countdown" data-seconds-left={left.total} data-countdown-start={startMs}>
        {left.days > 0 ? <Unit unit="d" value={String(left.days)} label={t('events.preview.days', { count: left.days })} /> : null}
        <Unit unit="h" value={pad(left.hours)} label={t('events.preview.hours')} />
        <Unit unit="m" value={pad(left.minutes)} label={t('events.preview.minutes')} />
        <Unit unit="s" value={pad(left.seconds)} label={t('events.preview.seconds')} />
      </HStack>
    </Box>
  );
}
