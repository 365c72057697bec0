import { CodeSentScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUpEmailSender: "code sent" with resend. */
export { loader } from './signUpEmailSender.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <CodeSentScreen backTo="/signUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
