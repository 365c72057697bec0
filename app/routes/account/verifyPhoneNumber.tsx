import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '~/components/account/screen.server';
import { ConfirmScreen } from '~/components/account/SignUpScreens';

/** /verifyPhoneNumber: enter the SMS sign-up code. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.confirm.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: false, query: ['phone'] });

export default function Screen() {
  return <ConfirmScreen kind="phone" />;
}

export { accountMeta as meta } from '~/components/account/meta';
