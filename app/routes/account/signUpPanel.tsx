import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/screens/accountScreen.server';
import { SignUpPanelScreen } from '#app/components/account/SignUpScreens';

/** /signUpPanel: compact panel of the sign-up methods. */
export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.panelTitle', phone: false, leaveWhenSignedIn: true, query: [] });

export default function Screen() {
  return <SignUpPanelScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
