import { ConfirmScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /verifyPhoneNumber: enter the SMS sign-up code. */
export { loader } from './verifyPhoneNumber.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <ConfirmScreen kind="phone" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
