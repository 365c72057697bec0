/**
 * The loader of every upload screen: signed in (else to sign-in), platform admin for the system
 * screens (else 403), the page title, and the person's storage use against their quota.
 */
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { MY_LIBRARY_HREF } from '#app/lib/nav';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/index.server';
import { isPlatformAdmin } from './mediaAccess.server';
import { quotaUsage } from './mediaQuota.server';
import { NO_STORE } from './mediaRequest.server';

export type UploadScreenName = 'uploadS3' | 'uploadS3Media' | 'directUpload' | 'uppyFileUpload' | 'uploadSystemMedia' | 'systemImageUpload';

const SYSTEM_SCREENS: ReadonlySet<UploadScreenName> = new Set(['uploadSystemMedia', 'systemImageUpload']);


export async function uploadScreenLoader(args: LoaderFunctionArgs, screen: UploadScreenName) {
  const user = await requireUser(args);
  const { context } = args;
  const system = SYSTEM_SCREENS.has(screen);
  if (system && !isPlatformAdmin(user, context.env)) throw new Response('Forbidden', { status: 403 });
  const t = await getFixedT(context.languageTag);
  const usage = system ? null : await quotaUsage(context.data, context.env, user.sub);
  return json(
    {
      title: t(`upload.screens.${screen}.title`),
      usage,
      libraryHref: system ? null : MY_LIBRARY_HREF,
    },
    { headers: NO_STORE },
  );
}
