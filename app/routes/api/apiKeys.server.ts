import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { apiKeysAction, apiKeysLoader } from '#server/publicApi/index.server';

export const loader = (args: LoaderFunctionArgs) => apiKeysLoader(args);
export const action = (args: ActionFunctionArgs) => apiKeysAction(args);
