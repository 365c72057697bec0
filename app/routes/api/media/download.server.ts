import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { downloadMedia } from '#server/media/api/mediaDownload.server';
import { methodNotAllowed } from '#server/http/responses.server';

export const loader = (args: LoaderFunctionArgs) => downloadMedia(args);
export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
