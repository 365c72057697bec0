import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';

const phoneParam = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/)
  .nullable()
  .catch(null);

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const t = await getFixedT(args.context.languageTag);
  const phone = phoneParam.parse(new URL(args.request.url).searchParams.get('phone'));
  return json({ title: t('twoFactor.verifyPhone.title'), phone }, { headers: { 'Cache-Control': 'private, no-store' } });
}
