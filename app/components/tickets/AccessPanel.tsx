import { Alert, Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewHref } from '#app/lib/events/model';
import { formatMoney } from '#app/lib/money/money';
import { useOrderReturn } from '#app/lib/payments/orderReturn';
import { useRootData } from '#app/lib/rootData';
import { icsHref, type AccessView, type RegisterResponse, type SeriesRegisterSummary } from '#app/lib/tickets/api';
import { useCheckout } from './useCheckout';
import { useRegistrationQuestions } from '#app/components/registration/RegistrationQuestions';
import type { ShownQuestion } from '#app/lib/registration/questions';
import { SeriesChoice, SeriesPaidNote, SeriesRegistered, type SeriesScope } from './SeriesChoice';

type Refusal = keyof typeof import('#app/locales/en/tickets').default.access.refused;

export interface AccessPanelProps {
  eventId: string;
  view: AccessView;
  signedIn: boolean;
  /** The lobby (or sign-in then lobby) for Join. */
  joinHref: string;
  /** Whether the room is open (or live) now: before that a ticket holder is told they are in, not offered Join. */
  roomOpen?: boolean;
  /** Whether the event is under way: its attendees are asked to "Join now". */
  live?: boolean;
  /** The organizer's registration questions, asked before Register or Buy ticket (docs/decisions/0083). */
  questions?: readonly ShownQuestion[];
}

const signInTo = (eventId: string) => `/signIn?redirectTo=${encodeURIComponent(previewHref(eventId))}`;

/** After the payment provider sent the buyer back (?order=&paid=1): wait for the order to be paid, then reload the page's data (the ticket). */
function usePaymentReturn(holding: boolean) {
  const { revalidate } = useRevalidator();
  const { state } = useOrderReturn({ active: !holding, onPaid: revalidate });
  // Paid but not yet reloaded: still confirming until the ticket shows.
  return state === 'paid' ? 'confirming' : state;
}

/** The one clear action of /preview: Register, Buy ticket, Join or Sold out, with the seats left. */
export function AccessPanel({ eventId, view, signedIn, joinHref, roomOpen = true, live = false, questions = [] }: AccessPanelProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const { revalidate } = useRevalidator();
  const locale = root?.locale ?? 'en';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checkout = useCheckout((p) => setProblem('refused' in p ? t(`tickets.access.refused.${p.refused}`) : t('tickets.access.error')));
  const payment = usePaymentReturn(view.holding !== null);
  const asked = useRegistrationQuestions(questions, view.mode === 'buy');
  // An occurrence of a series: this session or every one still to come (docs/decisions/0085).
  const [scope, setScope] = useState<SeriesScope>('one');
  const [summary, setSummary] = useState<SeriesRegisterSummary | null>(null);

  const join = (
    <Button asChild colorPalette="brand" size="lg" w="full" data-testid="join-event">
      <Link to={joinHref}>{!signedIn ? t('events.preview.signInToJoin') : live && !view.staff ? t('events.preview.joinNow') : t('events.preview.join')}</Link>
    </Button>
  );
  const calendar = (
    <ChakraLink href={icsHref(eventId)} color="brand.fg" fontSize="sm" data-testid="ics-download" download>
      {t('tickets.access.addToCalendar')}
    </ChakraLink>
  );
  const seats =
    view.seatsLeft !== null && view.holding === null && !view.staff ? (
      <Text fontSize="sm" color="fg.muted" data-testid="seats-left">
        {t('tickets.access.seatsLeft', { count: view.seatsLeft })}
      </Text>
    ) : null;

  if (view.staff || view.mode === 'open') {
    return (
      <Stack gap="2" data-testid="access-panel" data-mode={view.staff ? 'staff' : 'open'}>
        {join}
        <Text fontSize="sm" color="fg.muted">
          {view.staff && view.mode !== 'open' ? t('tickets.access.staff') : t('events.preview.joinHint')}
        </Text>
        {calendar}
      </Stack>
    );
  }

  if (view.holding) {
    return (
      <Stack gap="3" data-testid="access-panel" data-mode="holding">
        <Alert.Root status="success" borderRadius="l2" data-testid="access-holding">
          <Alert.Indicator />
          {view.holding === 'registration' && view.series?.registered ? (
            <SeriesRegistered upcoming={view.series.upcoming} summary={summary} />
          ) : (
            <Alert.Title>{t(view.holding === 'ticket' ? 'tickets.access.hasTicket' : 'tickets.access.registered')}</Alert.Title>
          )}
        </Alert.Root>
        {roomOpen ? (
          join
        ) : (
          // One action at a time: Join appears when the room opens; until then the countdown above says when.
          <Button size="lg" w="full" variant="subtle" disabled data-testid="join-later">
            {t('tickets.access.joinOpensLater')}
          </Button>
        )}
        {calendar}
      </Stack>
    );
  }

  const refused = (code: Refusal) => setProblem(t(`tickets.access.refused.${code}`));

  async function register() {
    setBusy(true);
    setProblem(null);
    try {
      asked.clearErrors();
      const res = await fetch('/api/tickets/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId, answers: asked.answers, ...(scope === 'all' ? { wholeSeries: true } : {}) }) });
      const body = (await res.json().catch(() => ({}))) as RegisterResponse;
      if ('signIn' in body) return window.location.assign(body.signIn);
      if ('fields' in body) return asked.showErrors(body.fields);
      if ('refused' in body) return refused(body.refused);
      if (!res.ok) return setProblem(t('tickets.access.error'));
      if ('series' in body && body.series) setSummary(body.series);
      revalidate();
    } catch {
      setProblem(t('tickets.access.error'));
    } finally {
      setBusy(false);
    }
  }

  const buy = async () => {
    setProblem(null);
    if (questions.length > 0) {
      // The answers are checked and kept before the payment (docs/decisions/0083).
      asked.clearErrors();
      const res = await fetch('/api/registration/answers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId, answers: asked.answers }) }).catch(() => null);
      const body = (await res?.json().catch(() => ({}))) as { fields?: Parameters<typeof asked.showErrors>[0] } | undefined;
      if (body?.fields) return asked.showErrors(body.fields);
      if (!res?.ok) return setProblem(t('tickets.access.error'));
    }
    return checkout.start({ kind: 'ticket', refId: eventId }, previewHref(eventId));
  };

  const soldOut = view.seatsLeft === 0;
  const paidMode = view.mode === 'buy';
  const priceText = formatMoney({ amount: view.price, currency: view.currency }, locale);
  return (
    <Stack gap="3" data-testid="access-panel" data-mode={view.mode}>
      {payment === 'confirming' ? (
        <Alert.Root status="info" borderRadius="l2" data-testid="payment-confirming" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('tickets.access.confirming')}</Alert.Title>
        </Alert.Root>
      ) : payment === 'failed' ? (
        <Alert.Root status="warning" borderRadius="l2" data-testid="payment-failed">
          <Alert.Indicator />
          <Alert.Title>{t('tickets.access.paymentFailed')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {paidMode && view.series ? <SeriesPaidNote /> : null}
      {!soldOut && signedIn && !paidMode && view.series && view.series.upcoming > 1 ? <SeriesChoice upcoming={view.series.upcoming} value={scope} onChange={setScope} /> : null}
      {!soldOut && signedIn ? asked.form : null}
      {soldOut ? (
        <Button size="lg" w="full" disabled data-testid="sold-out">
          {t('tickets.access.soldOut')}
        </Button>
      ) : !signedIn ? (
        <Button asChild colorPalette="brand" size="lg" w="full" data-testid={paidMode ? 'buy-ticket' : 'register'}>
          <Link to={signInTo(eventId)}>{t(paidMode ? 'tickets.access.signInToBuy' : 'tickets.access.signInToRegister')}</Link>
        </Button>
      ) : (
        <Button
          colorPalette="brand"
          size="lg"
          w="full"
          loading={busy || checkout.busy}
          loadingText={t(paidMode ? 'tickets.access.buying' : 'tickets.access.registering')}
          onClick={() => void (paidMode ? buy() : register())}
          data-testid={paidMode ? 'buy-ticket' : 'register'}
        >
          {paidMode ? t('tickets.access.buy', { price: priceText }) : t('tickets.access.register')}
        </Button>
      )}
      {seats}
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="access-problem">
          {problem}
        </Text>
      ) : null}
      {calendar}
    </Stack>
  );
}

/** After the event: the recording on sale for people without a ticket (kind 'replay'). */
export function ReplayOffer({ eventId, view, signedIn }: { eventId: string; view: AccessView; signedIn: boolean }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const [problem, setProblem] = useState<string | null>(null);
  const checkout = useCheckout((p) => setProblem('refused' in p ? t(`tickets.access.refused.${p.refused}`) : t('tickets.access.error')));
  if (view.replayPrice === null || view.staff || view.hasReplay || view.holding === 'ticket') return null;
  const label = t('tickets.access.buyReplay', { price: formatMoney({ amount: view.replayPrice, currency: view.currency }, locale) });
  return (
    <Stack gap="2" data-testid="replay-offer">
      {signedIn ? (
        <Button colorPalette="brand" w="full" loading={checkout.busy} loadingText={t('tickets.access.buying')} onClick={() => void checkout.start({ kind: 'replay', refId: eventId }, previewHref(eventId))} data-testid="buy-replay">
          {label}
        </Button>
      ) : (
        <Button asChild colorPalette="brand" w="full" data-testid="buy-replay">
          <Link to={signInTo(eventId)}>{label}</Link>
        </Button>
      )}
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
