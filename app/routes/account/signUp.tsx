import { EmailSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUp: email sign-up (names, email, password with its rules, terms). */
export { loader } from './signUp.server';

export default function Screen() {
  return <EmailSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
