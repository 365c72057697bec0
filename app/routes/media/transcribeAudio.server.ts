/**
 * /transcribeAudio (signed in): the audio and video items the person may see to pick from, the
 * languages this server's recogniser has, and the item named by `?media=` when they may see it.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { SPEECH_LANGUAGES } from '#app/lib/speech/languages';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { canManageMedia, mediaAccess } from '#server/media/access.server';
import { NO_STORE } from '#server/http/responses.server';

/** Items offered in the picker (newest first); an older one is reached through `?media=`. */
const PICKER_LIMIT = 100;

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const access = mediaAccess(context.data, user);
  const page = await context.data.media.list({
    match: (item) => (item.kind === 'audio' || item.kind === 'video') && item.status !== 'uploading' && access.mayView(item),
    limit: PICKER_LIMIT,
  });
  const items = page.items.map((item) => ({ id: item.id, title: item.title, kind: item.kind, canManage: canManageMedia(user, item) }));
  const asked = z.string().regex(/^[a-z0-9]{21}$/).safeParse(new URL(request.url).searchParams.get('media'));
  let selected: string | null = null;
  if (asked.success) {
    const item = items.find((i) => i.id === asked.data) ?? null;
    if (item) selected = item.id;
    else {
      const found = await context.data.media.get(asked.data);
      // An item the person may not see, or another tenant's, is not found.
      if (!found || !(await access.mayView(found))) throw new Response('Not Found', { status: 404 });
      if (found.kind === 'audio' || found.kind === 'video') {
        items.unshift({ id: found.id, title: found.title, kind: found.kind, canManage: canManageMedia(user, found) });
        selected = found.id;
      }
    }
  }
  const { stt } = context.services.speech.forTenant(context.tenant);
  const available = stt.languages();
  return json(
    {
      title: t('transcribe.file.title'),
      items,
      selected,
      languages: SPEECH_LANGUAGES.map((language) => ({ language, available: available.includes(language) })),
      detects: stt.detectsLanguage === true && available.length > 0,
      queueAvailable: context.services.mediaQueue !== null,
    },
    { headers: NO_STORE },
  );
}
