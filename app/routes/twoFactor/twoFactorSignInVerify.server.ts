import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { safeRedirect } from '#app/lib/safeRedirect';
import { SIGNED_IN_LANDING } from '#app/lib/nav';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.languageTag);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), SIGNED_IN_LANDING);
  return json({ title: t('twoFactor.signIn.title'), redirectTo }, { headers: { 'Cache-Control': 'private, no-store' } });
}
