import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { ConfirmScreen } from '#app/components/account/SignUpScreens';

/** /verifyPhoneNumber: enter the SMS sign-up code. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.confirm.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: false, query: ['phone'] });

export default function Screen() {
  return <ConfirmScreen kind="phone" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
