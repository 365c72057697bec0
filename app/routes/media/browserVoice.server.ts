import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { SPEECH_LANGUAGES, speechLanguageOf } from '#app/lib/speech/languages';
import { TTS_CHARS_PER_MINUTE, TTS_TEXT_MAX } from '#app/lib/speech/ttsProtocol';
import { NO_STORE } from '#server/http/responses.server';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';

/** /browserVoice: the server's voices (labels are built on the page, in the viewer's language) and whether the viewer may use them. */
export async function loader(args: LoaderFunctionArgs) {
  const { context } = args;
  const [user, t] = await Promise.all([getSessionUser(args), getFixedT(context.languageTag)]);
  const voices = context.services.speech.forTenant(context.tenant).tts.voices().map(({ id, language, region, gender }) => ({ id, language, region, gender }));
  const languages = SPEECH_LANGUAGES.filter((l) => voices.some((v) => v.language === l));
  const preferred = speechLanguageOf(context.languageTag);
  return json(
    {
      title: t('voice.title'),
      signedIn: user !== null,
      voices,
      languages,
      initialLanguage: preferred && languages.includes(preferred) ? preferred : (languages[0] ?? 'en'),
      textMax: TTS_TEXT_MAX,
      charsPerMinute: TTS_CHARS_PER_MINUTE,
    },
    { headers: NO_STORE },
  );
}
