import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/identity/screens/accountScreen.server';

export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.panelTitle', phone: false, leaveWhenSignedIn: true, query: [] });
