import { CodeSentScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /ssoSignUpEmailSender: the SSO hub's "code sent" screen. */
export { loader } from './ssoSignUpEmailSender.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <CodeSentScreen backTo="/ssoSignUp" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
