import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { recordingAction, recordingLoader } from '#server/broadcast/recording/api.server';

export const loader = (args: LoaderFunctionArgs) => recordingLoader(args);
export const action = (args: ActionFunctionArgs) => recordingAction(args);
