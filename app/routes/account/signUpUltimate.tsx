import { UltimateSignUpScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUpUltimate: every enabled sign-up method on one page. */
export { loader } from './signUpUltimate.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <UltimateSignUpScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
