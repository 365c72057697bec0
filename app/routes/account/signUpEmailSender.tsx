import { CodeSentScreen } from '#app/components/account/SignUpScreens';

/** /signUpEmailSender: "code sent" with resend. */
export { loader } from './signUpEmailSender.server';

export default function Screen() {
  return <CodeSentScreen backTo="/signUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
