import { SignUpPanelScreen } from '#app/components/account/SignUpScreens';

/** /signUpPanel: compact panel of the sign-up methods. */
export { loader } from './signUpPanel.server';

export default function Screen() {
  return <SignUpPanelScreen />;
}

export { accountMeta as meta } from '#app/components/account/meta';
