import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { waitingRoomAction, waitingRoomLoader } from '#server/rooms/index.server';

export const loader = (args: LoaderFunctionArgs) => waitingRoomLoader(args);
export const action = (args: ActionFunctionArgs) => waitingRoomAction(args);
