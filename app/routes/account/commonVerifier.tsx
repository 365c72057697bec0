import type { LoaderFunctionArgs } from '@remix-run/node';
import { CommonVerifierScreen } from '~/components/account/CommonVerifier';
import { accountScreen } from '~/components/account/screen.server';
import { requireUser } from '~/lib/identity/session.server';

/** /commonVerifier (signed-in): verify a pending email or phone number with a code. */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return accountScreen(args, { titleKey: 'account.verifier.title' });
}

export default function CommonVerifier() {
  return <CommonVerifierScreen />;
}

export { accountMeta as meta } from '~/components/account/meta';
