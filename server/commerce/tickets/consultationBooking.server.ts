/**
 * The buyer's own booking on /consultationForm?booking=<id> (where checkout sends them back):
 * when and with whom, its state, the cancellation rule, and Cancel booking. Inside the rule the
 * cancel refunds the order in full through payments' refundOrder (its revoke frees the slot,
 * cancels the private session and mails both); outside it nothing changes and the page says why.
 * Someone else's booking, or another tenant's, is 404.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { BookingView, CancelAnswer } from '#app/lib/tickets/booking';
import { refundableCancellation } from '#app/lib/tickets/consultations';
import { checkoutContext } from '#server/commerce/payments/paymentsApi.server';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser, requireUser } from '#server/identity/index.server';
import { readForm } from '#server/http/readForm.server';
import { isPaymentsUnavailable } from '#server/platform/payments/provider.server';
import { refundOrder } from '#server/commerce/payments/refunds.server';
import { cancelConsultation, type CancelResult } from './consultationSale.server';
import { NO_STORE } from '#server/http/responses.server';

export type { BookingView, CancelAnswer };

export async function bookingView(args: LoaderFunctionArgs, bookingId: string) {
  const { context } = args;
  const user = await requireUser(args);
  const booking = await context.data.consultations.booking(bookingId);
  if (!booking || booking.buyerId !== user.sub) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const availability = await context.data.consultations.availability(booking.channelId);
  const cancellationHours = availability?.cancellationHours ?? 0;
  const t = await getFixedT(context.languageTag);
  return json<BookingView>(
    {
      view: 'booking',
      title: t('tickets.consult.booking.title'),
      bookingId: booking.bookingId,
      channelId: booking.channelId,
      status: booking.status,
      start: booking.start,
      minutes: booking.minutes,
      topic: booking.topic,
      tz: booking.buyerTimeZone,
      ownerName: availability?.ownerName ?? '',
      fee: { amount: booking.fee, currency: booking.currency },
      cancellationHours,
      rules: availability?.rules ?? '',
      refundable: booking.status === 'confirmed' && refundableCancellation({ cancellationHours }, booking.start, Date.now()),
      cancellable: booking.status === 'confirmed' && Date.parse(booking.start) > Date.now(),
      eventId: booking.status === 'confirmed' ? (booking.eventId ?? null) : null,
    },
    { headers: NO_STORE },
  );
}

const cancelSchema = z.object({ intent: z.literal('cancel') });
const STATUS: Record<CancelResult, number> = { refunded: 200, tooLate: 409, notFound: 409, failed: 503 };

/** intent=cancel by the booking's buyer. */
export async function bookingAction(args: ActionFunctionArgs, bookingId: string) {
  const { request, context } = args;
  const user = await getSessionUser(args);
  if (!user) return json<CancelAnswer>({ result: 'signIn' }, { status: 401, headers: NO_STORE });
  const booking = await context.data.consultations.booking(bookingId);
  if (!booking || booking.buyerId !== user.sub) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  const form = await readForm(request, context.language);
  if (!cancelSchema.safeParse(Object.fromEntries(form)).success) return json({ result: 'notFound' as const }, { status: 400, headers: NO_STORE });
  let result: CancelResult;
  try {
    result = await cancelConsultation({ tenant: context.tenant, data: context.data, env: context.env }, bookingId, user.sub, async (paid) => {
      // The organizer is the seller of the order: the refund is issued in their name, as their rule allows.
      const outcome = await refundOrder(await checkoutContext(request, context), { sub: paid.ownerId, groups: [] }, paid.orderId!);
      return outcome.ok;
    });
  } catch (e) {
    if (!isPaymentsUnavailable(e)) throw e;
    result = 'failed';
  }
  return json<CancelAnswer>({ result }, { status: STATUS[result], headers: NO_STORE });
}
