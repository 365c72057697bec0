/**
 * Who may stream captions audio, and whether a room shows captions at all (docs/decisions/0048).
 */
import { CAPTION_TRANSLATION_LANGUAGE, type CaptionsAvailability } from '#app/lib/captions/protocol';
import type { EventRecord } from '#app/lib/events/model';
import { grantsFor, type EventRole } from '#app/lib/events/permissions';
import { speechLanguageOf, type SpeechLanguage } from '#app/lib/speech/languages';
import type { TenantData } from '#server/data/tenantData.server';
import type { SpeechToText } from '#server/platform/speech/types';

/** The room's captions: off (showTranscription unset), on in a language, or not available in the event's language. */
export function captionsAvailability(event: Pick<EventRecord, 'showTranscription' | 'eventLanguage'>, stt: Pick<SpeechToText, 'languages' | 'translate'>): CaptionsAvailability {
  if (!event.showTranscription) return { state: 'off' };
  const language = speechLanguageOf(event.eventLanguage);
  if (!language || !stt.languages().includes(language)) return { state: 'unsupportedLanguage', language: event.eventLanguage };
  return translatesLiveCaptions(stt, language) ? { state: 'on', language, translated: true } : { state: 'on', language };
}

/** Whether a speaker in `language` also gets the English translation track (docs/decisions/0099). */
export const translatesLiveCaptions = (stt: Pick<SpeechToText, 'translate'>, language: SpeechLanguage) => Boolean(stt.translate) && language !== CAPTION_TRANSLATION_LANGUAGE;

/** The recogniser's language for an event whose captions are on, else null. */
export function captionsLanguage(event: Pick<EventRecord, 'showTranscription' | 'eventLanguage'>, stt: Pick<SpeechToText, 'languages' | 'translate'>): SpeechLanguage | null {
  const availability = captionsAvailability(event, stt);
  return availability.state === 'on' ? (availability.language as SpeechLanguage) : null;
}

/**
 * Whether this person may publish a microphone in the event's room now: the role's LiveKit grants
 * (organizer and hosts always; everyone where the layout lets the audience speak), or a
 * participant a host brought on stage (the raised hand marked onStage, which is what the server's
 * LiveKit permission update follows).
 */
export async function mayPublishAudio(data: TenantData, event: EventRecord, userId: string, role: EventRole): Promise<boolean> {
  if (grantsFor(event, role).canPublish) return true;
  const hands = await data.hands.list(event.eventId);
  return hands.some((hand) => hand.identity === userId && hand.onStage);
}
