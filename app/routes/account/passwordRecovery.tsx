import { PasswordRecoveryScreen } from '#app/components/account/PasswordScreens';

/** /passwordRecovery: the reset code and a new password. */
export { loader } from './passwordRecovery.server';

export default function PasswordRecovery() {
  return <PasswordRecoveryScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
