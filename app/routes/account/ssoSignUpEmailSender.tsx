import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { CodeSentScreen } from '#app/components/account/SignUpScreens';

/** /ssoSignUpEmailSender: the SSO hub's "code sent" screen. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.codeSent.title', phone: false, leaveWhenSignedIn: false, query: ['email'] });

export default function Screen() {
  return <CodeSentScreen backTo="/ssoSignUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
