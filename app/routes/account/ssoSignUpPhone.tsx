import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';

/** /ssoSignUpPhone: the single-sign-on hub's phone sign-up. */
export { loader } from './ssoSignUpPhone.server';

export default function Screen() {
  return <PhoneSignUpScreen sso />;
}

export { accountMeta as meta } from '#app/components/account/meta';
