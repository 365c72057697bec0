import type { LoaderFunctionArgs } from '@remix-run/node';
import { accountScreen } from '#server/identity/screens/accountScreen.server';

export const loader = (args: LoaderFunctionArgs) =>
  accountScreen(args, { titleKey: 'account.signUp.phoneTitle', phone: args.context.tenant.signIn.phone, leaveWhenSignedIn: true, query: [] });
