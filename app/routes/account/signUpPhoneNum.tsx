import { PhoneSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUpPhoneNum: sign up with a phone number (country picker, E.164). */
export { loader } from './signUpPhoneNum.server';

export default function Screen() {
  return <PhoneSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
