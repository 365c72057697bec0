import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { pollsAction, pollsLoader } from '#server/polls/index.server';

export const loader = (args: LoaderFunctionArgs) => pollsLoader(args);
export const action = (args: ActionFunctionArgs) => pollsAction(args);
