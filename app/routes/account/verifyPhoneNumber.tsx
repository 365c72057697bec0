import { ConfirmScreen } from '#app/components/account/SignUpScreens';

/** /verifyPhoneNumber: enter the SMS sign-up code. */
export { loader } from './verifyPhoneNumber.server';

export default function Screen() {
  return <ConfirmScreen kind="phone" />;
}

export { accountMeta as meta } from '#app/components/account/meta';
