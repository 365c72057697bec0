import { describe, expect, it } from 'vitest';
import { negotiateLanguage, parseAcceptLanguage } from './locale.server';

const bilingual = { languages: { supported: ['en', 'es'] as Array<'en' | 'es' | 'fr'> } };
const frenchFirst = { languages: { supported: ['fr', 'en'] as Array<'en' | 'es' | 'fr'>, default: 'fr' as const } };

describe('parseAcceptLanguage', () => {
  it('orders by quality, then by position', () => {
    expect(parseAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8,*;q=0.1')).toEqual(['fr-ca', 'fr', 'en']);
    expect(parseAcceptLanguage('en;q=0.5, es')).toEqual(['es', 'en']);
    expect(parseAcceptLanguage('de;q=0')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('negotiateLanguage', () => {
  it('prefers the /changeLanguage cookie when the tenant supports it', () => {
    expect(negotiateLanguage(frenchFirst, 'lng=en', 'fr')).toBe('en');
    expect(negotiateLanguage(bilingual, 'a=1; lng=es', 'en')).toBe('es');
  });
  it('ignores a cookie for a language the tenant lacks', () => {
    expect(negotiateLanguage(frenchFirst, 'lng=es', undefined)).toBe('fr');
  });
  it('uses the tenant default before Accept-Language', () => {
    expect(negotiateLanguage(frenchFirst, undefined, 'en-US,en')).toBe('fr');
  });
  it('falls back to Accept-Language, matching base languages, limited to the tenant', () => {
    expect(negotiateLanguage(bilingual, undefined, 'es-MX,es;q=0.9')).toBe('es');
    expect(negotiateLanguage(bilingual, undefined, 'fr,es;q=0.5')).toBe('es');
    expect(negotiateLanguage(bilingual, undefined, 'de')).toBe('en');
  });
});
