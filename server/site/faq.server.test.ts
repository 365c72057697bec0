import { describe, expect, it } from 'vitest';
import { decodeEntities, filterFaq, frenchSpacing, normalizeForSearch, readQuery } from './faq.server';

const entries = [
  { question: 'Comment créer un enregistrement ?', answerText: 'Activez l’enregistrement dans le cloud.' },
  { question: 'Can I sell tickets?', answerText: 'Yes. Ticketing &amp; payment use a hosted checkout.' },
  { question: '¿Puedo cobrar en pesos?', answerText: 'Sí, boletos y propinas en PESOS mexicanos.' },
  { question: 'Le cœur du studio', answerText: 'Une équipe passionnée.' },
];

describe('FAQ search', () => {
  it('keeps every entry for an empty or blank query', () => {
    expect(filterFaq(entries, '')).toHaveLength(4);
    expect(filterFaq(entries, '   ')).toHaveLength(4);
  });

  it('ignores case and accents in both the query and the text', () => {
    expect(filterFaq(entries, 'creer').map((e) => e.question)).toEqual([entries[0].question]);
    expect(filterFaq(entries, 'CRÉER').map((e) => e.question)).toEqual([entries[0].question]);
    expect(filterFaq(entries, 'puedo').map((e) => e.question)).toEqual([entries[2].question]);
    expect(filterFaq(entries, 'pésos')).toHaveLength(1);
  });

  it('searches the answers too, with HTML entities decoded', () => {
    expect(filterFaq(entries, 'cloud')).toEqual([entries[0]]);
    expect(filterFaq(entries, 'ticketing & payment')).toEqual([entries[1]]);
  });

  it('needs every word, in any order', () => {
    expect(filterFaq(entries, 'enregistrement cloud')).toEqual([entries[0]]);
    expect(filterFaq(entries, 'cloud pesos')).toEqual([]);
    expect(filterFaq(entries, 'checkout   hosted')).toEqual([entries[1]]);
  });

  it('matches ligatures written out', () => {
    expect(filterFaq(entries, 'coeur')).toEqual([entries[3]]);
  });

  it('returns nothing for a word that appears nowhere', () => {
    expect(filterFaq(entries, 'zzz')).toEqual([]);
  });
});

describe('search helpers', () => {
  it('normalises text for comparison', () => {
    expect(normalizeForSearch('  Écran\n  Partagé ')).toBe('ecran partage');
  });

  it('decodes named and numeric entities, leaving unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#39; &#x2019; &bogus;')).toBe("a & b <c> 'd' \u2019 &bogus;");
  });

  it('trims and bounds the query', () => {
    expect(readQuery('  recording ')).toBe('recording');
    expect(readQuery(null)).toBe('');
    expect(readQuery('x'.repeat(500))).toHaveLength(100);
  });
});

describe('frenchSpacing', () => {
  it('keeps French punctuation on the line of the word before it', () => {
    expect(frenchSpacing('Puis-je payer en euros ?')).toBe('Puis-je payer en euros\u00a0?');
    expect(frenchSpacing('« Replay » : oui !')).toBe('«\u00a0Replay\u00a0»\u00a0: oui\u00a0!');
    expect(frenchSpacing('Déjà bon\u00a0?')).toBe('Déjà bon\u00a0?');
  });
});
