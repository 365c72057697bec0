import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { CodeSentScreen } from '#app/components/account/SignUpScreens';

/** /signUpEmailSender: "code sent" with resend. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.codeSent.title', phone: false, leaveWhenSignedIn: false, query: ['email'] });

export default function Screen() {
  return <CodeSentScreen backTo="/signUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
