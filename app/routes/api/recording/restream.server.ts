import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { restreamAction, restreamLoader } from '#server/broadcast/recording/api.server';

export const loader = (args: LoaderFunctionArgs) => restreamLoader(args);
export const action = (args: ActionFunctionArgs) => restreamAction(args);
