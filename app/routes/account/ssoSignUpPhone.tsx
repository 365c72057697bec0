import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /ssoSignUpPhone: the single-sign-on hub's phone sign-up. */
export { loader } from './ssoSignUpPhone.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <PhoneSignUpScreen sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
