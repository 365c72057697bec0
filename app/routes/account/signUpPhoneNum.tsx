import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUpPhoneNum: sign up with a phone number (country picker, E.164). */
export { loader } from './signUpPhoneNum.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <PhoneSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
