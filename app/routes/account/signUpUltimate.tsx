import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { UltimateSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUpUltimate: every enabled sign-up method on one page. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.ultimateTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: [] });

export default function Screen() {
  return <UltimateSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
