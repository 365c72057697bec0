import { ConfirmScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUpAuth: enter the email sign-up code. */
export { loader } from './signUpAuth.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <ConfirmScreen kind="email" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
