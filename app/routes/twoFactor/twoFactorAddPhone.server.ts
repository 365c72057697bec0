import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { phoneSettings } from '#app/lib/account/phone';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const { context } = args;
  const t = await getFixedT(context.languageTag);
  return json(
    { title: t('twoFactor.addPhone.title'), phone: phoneSettings(context.language, context.tenant.phone) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}
