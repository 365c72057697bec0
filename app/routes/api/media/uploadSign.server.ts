import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/http/responses.server';
import { signUpload } from '#server/media/api/mediaUpload.server';

export const action = (args: ActionFunctionArgs) => signUpload(args);
export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
