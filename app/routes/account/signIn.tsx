import { SignInScreen } from '#app/components/account/SignInScreen';

/** /signIn: email or phone (tenant preference first) and password; signed-in visitors move on. */
export { loader } from './signIn.server';

export default function SignIn() {
  return <SignInScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
