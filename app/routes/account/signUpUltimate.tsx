import { UltimateSignUpScreen } from '#app/components/account/SignUpScreens';

/** /signUpUltimate: every enabled sign-up method on one page. */
export { loader } from './signUpUltimate.server';

export default function Screen() {
  return <UltimateSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
