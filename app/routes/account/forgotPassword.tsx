import { ForgotPasswordScreen } from '#app/components/account/PasswordScreens';

/** /forgotPassword: request a reset code (never says whether the account exists). */
export { loader } from './forgotPassword.server';

export default function ForgotPassword() {
  return <ForgotPasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
