/**
 * The buyer's booking (/consultationForm?booking=): when, with whom, its state, the cancellation
 * rule, and Cancel booking. While the payment is being confirmed the page reloads its data until
 * the booking is booked (or the hold ends).
 */
import { sameOnServerAndBrowser } from '#app/lib/events/time';
import { Alert, Badge, Button, Container, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useFetcher, useRevalidator } from '@remix-run/react';
import { DateTime } from 'luxon';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { previewHref } from '#app/lib/events/model';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import type { BookingView, CancelAnswer } from '#app/lib/tickets/booking';

const POLL_MS = 1500;

export function ConsultationBooking({ data }: { data: BookingView }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const cancel = useFetcher<CancelAnswer>();
  const revalidator = useRevalidator();
  const price = formatMoney(data.fee, locale);
  const when = sameOnServerAndBrowser(DateTime.fromISO(data.start, { zone: 'utc' }).setZone(data.tz).setLocale(locale).toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY));

  // Checkout may send the buyer back before the payment's webhook has landed, or before the
  // private session is made (it follows the booking's confirmation): look again shortly.
  const waiting = data.status === 'held' || (data.status === 'confirmed' && !data.eventId);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);

  const result = cancel.data?.result;
  const rule = data.refundable
    ? t('tickets.consult.booking.cancelHelp', { price })
    : data.cancellationHours > 0
      ? t('tickets.consult.booking.tooLate', { hours: data.cancellationHours })
      : t('tickets.consult.booking.noRefunds');
  return (
    <>
      <PageHeader title={t('tickets.consult.booking.title')} lead={data.topic} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="6" data-testid="consult-booking">
          <HStack gap="3" flexWrap="wrap">
            <Badge colorPalette={data.status === 'confirmed' ? 'green' : data.status === 'held' ? 'yellow' : 'gray'} size="lg" data-testid="consult-booking-status">
              {t(`tickets.consult.booking.status.${data.status}`)}
            </Badge>
            <Text fontWeight="semibold">{price}</Text>
          </HStack>
          <Stack gap="1">
            <Text data-testid="consult-booking-when">{t('tickets.consult.booking.when', { when, zone: data.tz })}</Text>
            <Text color="fg.muted">
              {data.ownerName ? `${t('tickets.consult.booking.with', { name: data.ownerName })} · ` : ''}
              {t('tickets.consult.length', { minutes: data.minutes })}
            </Text>
          </Stack>
          {waiting ? (
            <Text role="status" data-testid="consult-booking-confirming">
              {t('tickets.consult.booking.confirming')}
            </Text>
          ) : null}
          {data.eventId ? (
            <Button asChild colorPalette="brand" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
              <Link to={previewHref(data.eventId)} data-testid="consult-open-session">
                {t('tickets.consult.booking.openSession')}
              </Link>
            </Button>
          ) : null}
          {data.cancellable ? (
            <Alert.Root status={data.refundable ? 'info' : 'warning'} borderRadius="l2" data-testid="consult-booking-rule">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('tickets.consult.rulesTitle')}</Alert.Title>
                <Alert.Description>
                  {rule}
                  {data.rules ? ` ${data.rules}` : ''}
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {result ? (
            <Text role={result === 'refunded' ? 'status' : 'alert'} color={result === 'refunded' ? 'fg' : 'fg.error'} data-testid="consult-cancel-result">
              {result === 'refunded'
                ? t('tickets.consult.booking.cancelled', { price })
                : result === 'tooLate'
                  ? rule
                  : t('tickets.consult.booking.cancelFailed')}
            </Text>
          ) : null}
          {data.cancellable ? (
            <cancel.Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="outline" colorPalette="red" loading={cancel.state !== 'idle'} loadingText={t('tickets.consult.booking.cancelling')} data-testid="consult-cancel">
                {t('tickets.consult.booking.cancel')}
              </Button>
            </cancel.Form>
          ) : null}
          <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
            <Link to={`/consultationForm?channel=${encodeURIComponent(data.channelId)}`}>{t('tickets.consult.booking.bookAnother')}</Link>
          </ChakraLink>
        </Stack>
      </Container>
    </>
  );
}
