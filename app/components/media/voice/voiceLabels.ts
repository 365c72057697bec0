/**
 * Voice labels in the viewer's language, from VoiceInfo only (region via Intl.DisplayNames and
 * gender), so no engine's own voice name reaches the page. Voices that would read the same get a number.
 */
import type { TFunction } from 'i18next';
import type { VoiceInfo } from '#app/lib/speech/languages';

export function regionName(region: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

export function voiceLabels(voices: readonly VoiceInfo[], t: TFunction, uiLanguage: string): Map<string, string> {
  const base = voices.map((v) => t('voice.voiceLabel', { region: regionName(v.region, uiLanguage), gender: t(`voice.gender.${v.gender}`) }));
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  voices.forEach((v, i) => {
    const label = base[i]!;
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    const repeated = base.filter((b) => b === label).length > 1;
    labels.set(v.id, repeated ? t('voice.voiceLabelNumbered', { region: regionName(v.region, uiLanguage), gender: t(`voice.gender.${v.gender}`), n }) : label);
  });
  return labels;
}
