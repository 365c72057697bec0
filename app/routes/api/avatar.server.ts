import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/http/responses.server';
import { avatarRedirect } from '#server/media/photo/avatar.server';

export const loader = (args: LoaderFunctionArgs) => avatarRedirect(args);
export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
