import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/api/mediaRequest.server';
import { abortUpload } from '#server/api/mediaUpload.server';

export const action = (args: ActionFunctionArgs) => abortUpload(args);
export const loader = (args: LoaderFunctionArgs) => methodNotAllowed(args);
