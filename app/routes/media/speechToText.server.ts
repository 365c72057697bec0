/** /speechToText (signed in): the page title and which languages this server's recogniser has. */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { NO_STORE } from '#server/http/responses.server';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { context } = args;
  const t = await getFixedT(context.languageTag);
  const { stt } = context.services.speech.forTenant(context.tenant);
  const available = stt.languages();
  return json(
    {
      title: t('transcribe.dictation.title'),
      languages: SPEECH_LANGUAGES.map((language) => ({ language, available: available.includes(language) })),
      detects: stt.detectsLanguage === true && available.length > 0,
    },
    { headers: NO_STORE },
  );
}
