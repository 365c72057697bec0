import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const t = await getFixedT(args.context.languageTag);
  return json({ title: t('twoFactor.enroll.title'), issuer: args.context.tenant.displayName }, { headers: { 'Cache-Control': 'private, no-store' } });
}
