import { SignInScreen } from '#app/components/account/SignInScreen';
import { i18nHandle } from '#app/lib/handles';

/** /signIn: email or phone (tenant preference first) and password; signed-in visitors move on. */
export { loader } from './signIn.server';
export const handle = i18nHandle('account');

export default function SignIn() {
  return <SignInScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
