import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { SignInScreen } from '#app/components/account/SignInScreen';

/** /signIn: email or phone (tenant preference first) and password; signed-in visitors move on. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signIn.title', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: ['notice', 'username'] });

export default function SignIn() {
  return <SignInScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
