import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '#app/locales/en';
import fr from '#app/locales/fr';
import type { VoiceInfo } from '#app/lib/speech/languages';
import { voiceLabels } from './voiceLabels';

async function t(language: 'en' | 'fr') {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: en }, fr: { translation: fr } }, interpolation: { escapeValue: false } });
  return instance.t;
}

const voices: VoiceInfo[] = [
  { id: 'a', language: 'es', region: '419', gender: 'female' },
  { id: 'b', language: 'es', region: 'ES', gender: 'male' },
  { id: 'c', language: 'es', region: 'ES', gender: 'male' },
];

describe('voice labels', () => {
  it('names region (UN M49 or ISO) and gender in the viewer’s language, numbering voices that would read the same', async () => {
    expect([...voiceLabels(voices, await t('en'), 'en').values()]).toEqual(['Female voice, Latin America', 'Male voice 1, Spain', 'Male voice 2, Spain']);
    expect(voiceLabels(voices, await t('fr'), 'fr').get('a')).toBe('Voix féminine, Amérique latine');
  });
});
