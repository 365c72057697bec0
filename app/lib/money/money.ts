/**
 * Money in the tenant's currency (SPEC.md §3: default USD), always as an integer count of the
 * currency's minor units (cents for USD and EUR, centavos for MXN; none for JPY). Arithmetic and
 * formatting go through dinero.js so amounts are never floats and every currency keeps its own
 * exponent; display uses the reader's locale (`Intl.NumberFormat`).
 */
import * as currencies from 'dinero.js/currencies';
import { add, dinero, multiply, toDecimal, type Dinero, type DineroCurrency } from 'dinero.js';
import { z } from 'zod';

export interface Money {
  /** Integer minor units (1999 = 19.99 in a two-decimal currency). */
  amount: number;
  /** ISO 4217 code, e.g. USD. */
  currency: string;
}

const byCode = currencies as unknown as Record<string, DineroCurrency<number> | undefined>;

export function currencyOf(code: string): DineroCurrency<number> {
  const currency = byCode[code];
  if (!currency) throw new Error(`unknown currency ${code}`);
  return currency;
}

/** How many minor units make one major unit (100 for USD, 1 for JPY). */
export function minorUnitsPerMajor(code: string) {
  const { base, exponent } = currencyOf(code);
  return Number(base) ** exponent;
}

export function toDinero(money: Money): Dinero<number> {
  return dinero({ amount: money.amount, currency: currencyOf(money.currency) });
}

function fromDinero(value: Dinero<number>): Money {
  const { amount, currency, scale } = value.toJSON();
  const exponent = currency.exponent;
  // Results keep the currency's own scale (multiply by integers never changes it).
  if (scale !== exponent) throw new Error('money arithmetic changed the currency scale');
  return { amount, currency: currency.code };
}

export function sumMoney(currency: string, amounts: readonly Money[]): Money {
  return fromDinero(amounts.reduce((total, item) => add(total, toDinero(item)), toDinero({ amount: 0, currency })));
}

export function timesQuantity(unit: Money, quantity: number): Money {
  return fromDinero(multiply(toDinero(unit), quantity));
}

/** A percentage of an amount in basis points (250 = 2.5 %), rounded half up to a minor unit. */
export function percentOf(money: Money, basisPoints: number): Money {
  return { amount: Math.round((money.amount * basisPoints) / 10_000), currency: money.currency };
}

/** "$19.99", "19,99 €", "MX$19.99" per the reader's locale. */
export function formatMoney(money: Money, locale: string): string {
  return toDecimal(toDinero(money), ({ value, currency }) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: currency.code }).format(Number(value)),
  );
}

/** A typed major-unit amount ("19.99", "19,99") to minor units; null when it is not a valid amount. */
export function parseMajorAmount(text: string, code: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const { exponent } = currencyOf(code);
  const [whole, fraction = ''] = cleaned.split('.');
  if (fraction.length > exponent) return null;
  return Number(whole) * minorUnitsPerMajor(code) + Number(fraction.padEnd(exponent, '0') || '0');
}

/** Server-side schema of a minor-unit amount (0 up to 1,000,000.00 in a two-decimal currency). */
export const minorAmountSchema = z.number().int('must be a whole number of minor units').min(0).max(100_000_000);
