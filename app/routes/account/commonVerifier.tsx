import { CommonVerifierScreen } from '#app/components/account/CommonVerifier';
import { i18nHandle } from '#app/lib/handles';

/** /commonVerifier (signed-in): verify a pending email or phone number with a code. */
export { loader } from './commonVerifier.server';
export const handle = i18nHandle('account');

export default function CommonVerifier() {
  return <CommonVerifierScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
