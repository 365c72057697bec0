import { EmailSignUpScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUp: email sign-up (names, email, password with its rules, terms). */
export { loader } from './signUp.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <EmailSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
