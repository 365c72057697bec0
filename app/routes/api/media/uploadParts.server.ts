import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/api/mediaRequest.server';
import { listParts } from '#server/api/mediaUpload.server';

export const action = (args: ActionFunctionArgs) => listParts(args);
export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args);
