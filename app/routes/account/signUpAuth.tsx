import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { ConfirmScreen } from '#app/components/account/SignUpScreens';

/** /signUpAuth: enter the email sign-up code. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.confirm.emailTitle', phone: false, leaveWhenSignedIn: false, query: ['username', 'email'] });

export default function Screen() {
  return <ConfirmScreen kind="email" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
