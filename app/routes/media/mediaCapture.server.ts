import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { MY_LIBRARY_HREF } from '#app/lib/nav';
import { NO_STORE } from '#server/media/api/mediaRequest.server';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';

/** Signed in (else to sign-in): the title, and the person's library (or My media) to go on to. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const t = await getFixedT(args.context.languageTag);
  return json({ title: t('capture.title'), libraryHref: MY_LIBRARY_HREF }, { headers: NO_STORE });
}
