import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/identity/screens/accountScreen.server';
import { requireUser } from '#server/identity/session.server';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return accountScreen(args, { titleKey: 'account.changePassword.title' });
}
