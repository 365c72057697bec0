import { describe, expect, it } from 'vitest';
import es from '#app/locales/es';
import esMX from '#app/locales/es-MX';
import { NNBSP } from '#app/lib/i18n/frenchTypography';
import { catalogue, getFixedT, isLanguageTag, namespaceFile, pageBundle } from './i18n.server';

describe('regional variants', () => {
  it('es-MX speaks its overlay and falls back to es for every other key', async () => {
    const t = await getFixedT('es-MX');
    expect(t('tickets.gate.buy')).toBe(esMX.tickets!.gate!.buy);
    expect(t('chat.composer.hint')).toBe('Enter envía. Shift+Enter agrega una línea.');
    expect(t('nav.home')).toBe(es.nav.home);
    expect(t('tickets.gate.title')).not.toBe(es.tickets.gate.title);
    const plain = await getFixedT('es');
    expect(plain('tickets.gate.buy')).toBe(es.tickets.gate.buy);
  });

  it('a variant without an overlay speaks its language', async () => {
    expect((await getFixedT('es-AR'))('tickets.gate.buy')).toBe(es.tickets.gate.buy);
    expect(catalogue('en-GB')).toBe(catalogue('en'));
    expect(namespaceFile('fr-CA', 'common').href).toBe(namespaceFile('fr', 'common').href);
  });

  it('a page bundle and its namespace files carry the merged strings under the variant tag', () => {
    const bundle = pageBundle('es-MX', [{ i18n: ['tickets'] }]);
    expect(bundle.language).toBe('es-MX');
    expect(bundle.resources.tickets?.gate.buy).toBe('Comprar boleto');
    expect(bundle.resources.nav?.home).toBe(es.nav.home);
    const file = namespaceFile('es-MX', 'tickets');
    expect(file.href).toMatch(/^\/locales\/es-MX\/tickets\.[0-9a-f]{12}\.json$/);
    expect(JSON.parse(file.json).tickets.gate.buy).toBe('Comprar boleto');
    expect(namespaceFile('es-MX', 'tickets').hash).not.toBe(namespaceFile('es', 'tickets').hash);
  });

  it('knows language tags', () => {
    expect(['es', 'es-MX', 'es-419', 'fr-CA'].every(isLanguageTag)).toBe(true);
    expect(['de', 'es_MX', 'es-mx', '../es', 'es-MX-x'].some(isLanguageTag)).toBe(false);
  });
});

describe('French on the server', () => {
  it('typesets every French string and elides before vowels', async () => {
    const t = await getFixedT('fr');
    expect(t('articles.applyTitle')).toBe(`Ce poste vous intéresse${NNBSP}?`);
    expect(t('session.header.accountOf', { name: 'Olivia' })).toBe('Menu du compte d’Olivia');
    expect(t('session.header.accountOf', { name: 'Marc' })).toBe('Menu du compte de Marc');
    expect(t('articles.leads.blog', { company: 'Aurora Live' })).toBe('Récits, guides et nouveautés d’Aurora Live.');
    const en = await getFixedT('en');
    expect(en('session.header.accountOf', { name: 'Olivia' })).not.toContain(NNBSP);
  });
});
