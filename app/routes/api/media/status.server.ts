import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { statusLoader } from '#server/media/api.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * GET /api/media/status?id=<mediaId> → { status, progress?, failure? } of an item the viewer may
 * see (previews poll it while the item processes). 400 malformed, 404 otherwise.
 */
export const loader = (args: LoaderFunctionArgs) => statusLoader(args);

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
