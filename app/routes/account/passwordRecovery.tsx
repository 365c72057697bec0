import type { LoaderFunctionArgs } from '@remix-run/node';
import { PasswordRecoveryScreen } from '#app/components/account/PasswordScreens';
import { accountScreen } from '#server/screens/accountScreen.server';

/** /passwordRecovery: the reset code and a new password. */
export const loader = (args: LoaderFunctionArgs) => accountScreen(args, { titleKey: 'account.recovery.title', query: ['username', 'notice'] });

export default function PasswordRecovery() {
  return <PasswordRecoveryScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
