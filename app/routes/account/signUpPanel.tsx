import { SignUpPanelScreen } from '#app/components/account/SignUpScreens';
import { i18nHandle } from '#app/lib/handles';

/** /signUpPanel: compact panel of the sign-up methods. */
export { loader } from './signUpPanel.server';
export const handle = i18nHandle('account');

export default function Screen() {
  return <SignUpPanelScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
