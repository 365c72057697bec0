import { describe, expect, it } from 'vitest';
import { currencyName, formatPrice, planColumns, pricingView } from './pricing.server';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('formats whole amounts without decimals for each locale', () => {
    expect(formatPrice(49, 'USD', 'en-US')).toBe('$49');
    expect(nbsp(formatPrice(39, 'EUR', 'fr-FR'))).toBe('39 €');
    expect(nbsp(formatPrice(1490, 'MXN', 'es-ES'))).toBe('1490 MXN');
    expect(nbsp(formatPrice(14900, 'EUR', 'es-ES'))).toBe('14.900 €');
    expect(formatPrice(0, 'USD', 'en-US')).toBe('$0');
  });

  it('keeps the decimals of amounts that have them', () => {
    expect(formatPrice(49.5, 'USD', 'en-US')).toBe('$49.50');
    expect(nbsp(formatPrice(1234.5, 'EUR', 'fr-FR'))).toBe('1 234,50 €');
  });

  it('names the currency in the locale', () => {
    expect(currencyName('USD', 'en-US')).toBe('US Dollar');
    expect(currencyName('EUR', 'fr-FR')).toBe('euro');
  });
});

describe('pricingView', () => {
  const tenant = {
    currency: 'EUR',
    languages: { supported: ['fr', 'en'] as ('fr' | 'en')[], default: 'fr' as const },
    pricing: {
      plans: [
        { id: 'atelier', name: { fr: 'Atelier', en: 'Workshop' }, monthlyPrice: 39, features: [{ fr: 'Billetterie', en: 'Ticketing' }, 'Replay'], highlighted: false },
        { id: 'maison', name: 'Maison', monthlyPrice: null, features: [{ fr: 'Interlocuteur dédié' }], highlighted: true },
      ],
    },
  };

  it('localises names and features, falls back to the default language, formats prices', () => {
    const en = pricingView(tenant, 'en');
    expect(en.plans).toEqual([
      { id: 'atelier', name: 'Workshop', price: '€39', features: ['Ticketing', 'Replay'], highlighted: false, free: false },
      { id: 'maison', name: 'Maison', price: null, features: ['Interlocuteur dédié'], highlighted: true, free: false },
    ]);
    // A plan priced 0 is free: its Get started goes to sign-up.
    expect(pricingView({ ...tenant, pricing: { plans: [{ id: 'libre', name: { en: 'Free' }, monthlyPrice: 0, features: [], highlighted: false }] } } as unknown as typeof tenant, 'en').plans[0]).toMatchObject({ free: true, price: '€0' });
    expect(nbsp(pricingView(tenant, 'fr').plans[0].price!)).toBe('39 €');
    expect(en.currency).toBe('EUR');
  });
});

describe('planColumns', () => {
  it('puts up to four plans side by side on desktop and three on tablets', () => {
    expect(planColumns(1)).toEqual({ base: 1, md: 1, lg: 1 });
    expect(planColumns(2)).toEqual({ base: 1, md: 2, lg: 2 });
    expect(planColumns(3)).toEqual({ base: 1, md: 3, lg: 3 });
    expect(planColumns(4)).toEqual({ base: 1, md: 2, lg: 4 });
    expect(planColumns(5)).toEqual({ base: 1, md: 2, lg: 3 });
  });
});
