import type { LoaderFunctionArgs } from '@remix-run/node';
import { ChangePasswordScreen } from '#app/components/account/PasswordScreens';
import { accountScreen } from '#server/screens/accountScreen.server';
import { requireUser } from '#server/identity/session.server';

/** /changePassword (signed-in): current and new password. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return accountScreen(args, { titleKey: 'account.changePassword.title' });
}

export default function ChangePassword() {
  return <ChangePasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
