import { describe, expect, it } from 'vitest';
import { formatMoney, minorUnitsPerMajor, parseMajorAmount, percentOf, sumMoney, timesQuantity } from './money';

describe('money', () => {
  it('formats minor units per locale and currency', () => {
    expect(formatMoney({ amount: 1999, currency: 'USD' }, 'en')).toBe('$19.99');
    expect(formatMoney({ amount: 1999, currency: 'EUR' }, 'fr').replace(/\s/g, ' ')).toBe('19,99 €');
    expect(formatMoney({ amount: 150000, currency: 'MXN' }, 'es-MX')).toBe('$1,500.00');
  });

  it('adds and multiplies without floats', () => {
    const unit = { amount: 10, currency: 'USD' };
    expect(sumMoney('USD', [unit, unit, unit])).toEqual({ amount: 30, currency: 'USD' });
    expect(timesQuantity({ amount: 333, currency: 'EUR' }, 3)).toEqual({ amount: 999, currency: 'EUR' });
    expect(percentOf({ amount: 1999, currency: 'USD' }, 500)).toEqual({ amount: 100, currency: 'USD' });
  });

  it('parses typed amounts into minor units and refuses bad ones', () => {
    expect(parseMajorAmount('19.99', 'USD')).toBe(1999);
    expect(parseMajorAmount('19,5', 'EUR')).toBe(1950);
    expect(parseMajorAmount('7', 'USD')).toBe(700);
    expect(parseMajorAmount('1.999', 'USD')).toBeNull();
    expect(parseMajorAmount('abc', 'USD')).toBeNull();
    expect(minorUnitsPerMajor('JPY')).toBe(1);
  });
});
