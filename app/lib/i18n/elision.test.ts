import { describe, expect, it } from 'vitest';
import { elide, startsWithVowelSound } from './elision';
import { elideFormat } from './formatters';

describe('elide', () => {
  it('elides before a vowel or a mute h, not before a consonant or an aspirated h', () => {
    expect(elide('de', 'Olivia')).toBe('d’Olivia');
    expect(elide('de', 'Aurora Live')).toBe('d’Aurora Live');
    expect(elide('de', 'Élodie')).toBe('d’Élodie');
    expect(elide('de', 'Hélène')).toBe('d’Hélène');
    expect(elide('de', 'Yves')).toBe('d’Yves');
    expect(elide('de', 'Marc')).toBe('de Marc');
    expect(elide('de', 'Lumière Studio')).toBe('de Lumière Studio');
    expect(elide('de', 'Hollande')).toBe('de Hollande');
    expect(elide('le', 'hockey')).toBe('le hockey');
    expect(elide('que', 'Anne')).toBe('qu’Anne');
    expect(elide('De', 'Olivia')).toBe('D’Olivia');
  });

  it('leaves digits and empty values alone', () => {
    expect(startsWithVowelSound('8 h')).toBe(false);
    expect(elide('de', '')).toBe('de');
  });
});

describe('the elide formatter', () => {
  it('takes its word from the format options i18next hands over', () => {
    expect(elideFormat('Olivia', 'fr', { de: '', interpolationkey: 'name' })).toBe('d’Olivia');
    expect(elideFormat('Marc', 'fr', { de: '' })).toBe('de Marc');
    expect(elideFormat('Aurora Live', 'fr', { De: '' })).toBe('D’Aurora Live');
    expect(elideFormat('Olivia', 'fr', {})).toBe('Olivia');
  });
});
