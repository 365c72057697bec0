/**
 * Donations (issue 15, part 6), shared by the browser and the server: the donor chooses the
 * amount (between one and ten thousand major units of the tenant's currency) and may add a short
 * message shown in the room's alert. The server checks everything again (server/commerce/donations).
 */
import { minorUnitsPerMajor, type Money } from '../money/money';

export const DONATION_MESSAGE_MAX = 280;
export const DONATION_MIN_MAJOR = 1;
export const DONATION_MAX_MAJOR = 10_000;

/** The smallest and largest donation in minor units of the currency. */
export function donationBounds(currency: string): { min: number; max: number } {
  const perMajor = minorUnitsPerMajor(currency);
  return { min: DONATION_MIN_MAJOR * perMajor, max: DONATION_MAX_MAJOR * perMajor };
}

export const isDonationAmount = (amount: number, currency: string) => {
  const { min, max } = donationBounds(currency);
  return Number.isSafeInteger(amount) && amount >= min && amount <= max;
};

/**
 * Three suggested amounts (major units) per currency: round sums that mean about the same
 * everywhere (5/10/25 dollars or euros, 100/200/500 pesos).
 */
const SUGGESTED_MAJOR: Record<string, readonly [number, number, number]> = {
  MXN: [100, 200, 500],
  JPY: [500, 1000, 3000],
};

export function suggestedDonations(currency: string): Money[] {
  const perMajor = minorUnitsPerMajor(currency);
  return (SUGGESTED_MAJOR[currency] ?? [5, 10, 25]).map((major) => ({ amount: major * perMajor, currency }));
}

/** A donation as the room's alert shows it (chat line and stage toast). */
export interface DonationAlert {
  donationId: string;
  donorId: string;
  donorName: string;
  amount: Money;
  /** Cleaned text, at most DONATION_MESSAGE_MAX characters; empty when none. */
  message: string;
  at: string;
}
