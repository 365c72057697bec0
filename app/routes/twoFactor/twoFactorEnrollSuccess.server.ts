import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireUser } from '#server/identity/session.server';
import { getFixedT } from '#server/i18n.server';

const methodParam = z.enum(['totp', 'sms']).nullable().catch(null);

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const t = await getFixedT(args.context.languageTag);
  const method = methodParam.parse(new URL(args.request.url).searchParams.get('method'));
  return json({ title: t('twoFactor.success.title'), method }, { headers: { 'Cache-Control': 'private, no-store' } });
}
