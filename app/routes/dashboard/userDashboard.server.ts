import type { LoaderFunctionArgs } from '@remix-run/node';
import { parseTab } from '~/components/dashboard/menu';
import { requireUser } from '~/lib/identity/session.server';
import { getFixedT } from '~/lib/i18n.server';

/** The signed-in user (else a redirect to /signIn and back) and the tab named in ?tab=. */
export async function dashboardData(args: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const user = await requireUser(args);
  const t = await getFixedT(args.context.language);
  const tab = parseTab(new URL(args.request.url).searchParams.get('tab'));
  return { user, tab, title: t('dashboard.title') };
}
