import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { hasLibrary } from '#server/api/mediaUploadScreen.server';
import { NO_STORE } from '#server/api/mediaRequest.server';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';

/** Signed in (else to sign-in): the title, and the library to go on to for those who have one. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const t = await getFixedT(args.context.languageTag);
  return json({ title: t('capture.title'), libraryHref: hasLibrary(user) ? '/uploadCustomerMedia' : null }, { headers: NO_STORE });
}
