import { ChangePasswordScreen } from '#app/components/account/PasswordScreens';
import { i18nHandle } from '#app/lib/handles';

/** /changePassword (signed-in): current and new password. */
export { loader } from './changePassword.server';
export const handle = i18nHandle('account');

export default function ChangePassword() {
  return <ChangePasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
