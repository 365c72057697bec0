import type { LoaderFunctionArgs } from '@remix-run/node';
import { ChangePasswordScreen } from '~/components/account/PasswordScreens';
import { accountScreen } from '~/components/account/screen.server';
import { requireUser } from '~/lib/identity/session.server';

/** /changePassword (signed-in): current and new password. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return accountScreen(args, { titleKey: 'account.changePassword.title' });
}

export default function ChangePassword() {
  return <ChangePasswordScreen />;
}

export { accountMeta as meta } from '~/components/account/meta';
