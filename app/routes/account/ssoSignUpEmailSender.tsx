import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '~/components/account/screen.server';
import { CodeSentScreen } from '~/components/account/SignUpScreens';

/** /ssoSignUpEmailSender: the SSO hub's "code sent" screen. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.codeSent.title', phone: false, leaveWhenSignedIn: false, query: ['email'] });

export default function Screen() {
  return <CodeSentScreen backTo="/ssoSignUp" />;
}

export { accountMeta as meta } from '~/components/account/meta';
