import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { EmailSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUp: email sign-up (names, email, password with its rules, terms). */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.title', phone: false, leaveWhenSignedIn: true, query: [] });

export default function Screen() {
  return <EmailSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
