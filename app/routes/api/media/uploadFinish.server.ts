import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/http/responses.server';
import { finishUpload } from '#server/media/api/mediaUpload.server';

export const action = (args: ActionFunctionArgs) => finishUpload(args);
export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
