import { CommonVerifierScreen } from '#app/components/account/CommonVerifier';

/** /commonVerifier (signed-in): verify a pending email or phone number with a code. */
export { loader } from './commonVerifier.server';

export default function CommonVerifier() {
  return <CommonVerifierScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
