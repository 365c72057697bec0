import { SignInScreen } from '#app/components/account/SignInScreen';
import { i18nHandle } from '#app/lib/handles';

/** /ssoSignInPhone: the single-sign-on hub's phone sign-in. */
export { loader } from './ssoSignInPhone.server';
export const handle = i18nHandle('account');

export default function SsoSignInPhone() {
  return <SignInScreen only="phone" sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
