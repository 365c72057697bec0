import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { SignInScreen } from '#app/components/account/SignInScreen';

/** /ssoSignInPhone: the single-sign-on hub's phone sign-in. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signIn.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: ['notice'] });

export default function SsoSignInPhone() {
  return <SignInScreen only="phone" sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
