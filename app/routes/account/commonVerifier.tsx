import type { LoaderFunctionArgs } from '@remix-run/node';
import { CommonVerifierScreen } from '#app/components/account/CommonVerifier';
import { accountScreen } from '#server/screens/accountScreen.server';
import { requireUser } from '#server/identity/session.server';

/** /commonVerifier (signed-in): verify a pending email or phone number with a code. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return accountScreen(args, { titleKey: 'account.verifier.title' });
}

export default function CommonVerifier() {
  return <CommonVerifierScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
