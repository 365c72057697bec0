import { PasswordRecoveryScreen } from '#app/components/account/PasswordScreens';
import { i18nHandle } from '#app/lib/handles';

/** /passwordRecovery: the reset code and a new password. */
export { loader } from './passwordRecovery.server';
export const handle = i18nHandle('account');

export default function PasswordRecovery() {
  return <PasswordRecoveryScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
