/** What the buyer's booking page (/consultationForm?booking=) shows, and what its Cancel answers. */
import type { Money } from '#app/lib/money/money';

export type BookingStatus = 'held' | 'confirmed' | 'released' | 'canceled';
export type CancelResult = 'refunded' | 'tooLate' | 'notFound' | 'failed';

export interface BookingView {
  view: 'booking';
  title: string;
  bookingId: string;
  channelId: string;
  status: BookingStatus;
  /** ISO UTC start and length in minutes. */
  start: string;
  minutes: number;
  topic: string;
  /** The buyer's zone when they booked. */
  tz: string;
  ownerName: string;
  fee: Money;
  cancellationHours: number;
  rules: string;
  /** Cancelling now refunds in full. */
  refundable: boolean;
  /** Booked and not started: Cancel is offered (it may refund nothing). */
  cancellable: boolean;
  /** The private session, once booked. */
  eventId: string | null;
}

export type CancelAnswer = { result: CancelResult | 'signIn' };
