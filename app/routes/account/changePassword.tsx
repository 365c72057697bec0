import { ChangePasswordScreen } from '#app/components/account/PasswordScreens';

/** /changePassword (signed-in): current and new password. */
export { loader } from './changePassword.server';

export default function ChangePassword() {
  return <ChangePasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
