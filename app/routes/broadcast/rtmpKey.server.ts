import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { keyScreenAction, keyScreenData } from '#server/broadcast/ingest/keyScreen.server';

export const loader = (args: LoaderFunctionArgs) => keyScreenData(args, 'rtmp');
export const action = (args: ActionFunctionArgs) => keyScreenAction(args, 'rtmp');
