import { CodeSentScreen } from '#app/components/account/SignUpScreens';

/** /ssoSignUpEmailSender: the SSO hub's "code sent" screen. */
export { loader } from './ssoSignUpEmailSender.server';

export default function Screen() {
  return <CodeSentScreen backTo="/ssoSignUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
