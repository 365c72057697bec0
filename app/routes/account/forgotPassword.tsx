import { ForgotPasswordScreen } from '#app/components/account/PasswordScreens';
import { i18nHandle } from '#app/lib/handles';

/** /forgotPassword: request a reset code (never says whether the account exists). */
export { loader } from './forgotPassword.server';
export const handle = i18nHandle('account');

export default function ForgotPassword() {
  return <ForgotPasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
