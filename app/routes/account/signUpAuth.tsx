import { ConfirmScreen } from '#app/components/account/SignUpScreens';

/** /signUpAuth: enter the email sign-up code. */
export { loader } from './signUpAuth.server';

export default function Screen() {
  return <ConfirmScreen kind="email" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
