import { SignInScreen } from '#app/components/account/SignInScreen';

/** /ssoSignInPhone: the single-sign-on hub's phone sign-in. */
export { loader } from './ssoSignInPhone.server';

export default function SsoSignInPhone() {
  return <SignInScreen only="phone" sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
