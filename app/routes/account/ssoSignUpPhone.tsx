import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';

/** /ssoSignUpPhone: the single-sign-on hub's phone sign-up. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: [] });

export default function Screen() {
  return <PhoneSignUpScreen sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
