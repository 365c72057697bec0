import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { playlistLoader } from '#server/media/api.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * GET /api/media/playlist?id=<mediaId>[&variant=<height>p] → an item's HLS master playlist, or one
 * rendition's playlist with its segments as short-lived signed storage URLs (docs/decisions/0026).
 * 400 malformed, 404 not this tenant's item or not one the viewer may see, 409 not processed yet.
 */
export const loader = (args: LoaderFunctionArgs) => playlistLoader(args);

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
