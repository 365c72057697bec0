import type { LoaderFunctionArgs } from '@remix-run/node';
import { ForgotPasswordScreen } from '#app/components/account/PasswordScreens';
import { accountScreen } from '#server/screens/accountScreen.server';

/** /forgotPassword: request a reset code (never says whether the account exists). */
export const loader = (args: LoaderFunctionArgs) => accountScreen(args, { titleKey: 'account.forgot.title', phone: args.context.tenant.signIn.phone });

export default function ForgotPassword() {
  return <ForgotPasswordScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
