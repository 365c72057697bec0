import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUpPhoneNum: sign up with a phone number (country picker, E.164). */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: [] });

export default function Screen() {
  return <PhoneSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
