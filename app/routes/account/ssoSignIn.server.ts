import type { LoaderFunctionArgs } from '@remix-run/node';
import { loadSocialScreen } from '#server/identity/screens/socialScreen.server';

export const loader = (args: LoaderFunctionArgs) => loadSocialScreen(args, 'hubSignIn');
