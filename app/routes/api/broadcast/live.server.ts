import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { liveLoader } from '#server/broadcast/ingest/api.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * GET /api/broadcast/live?event=<id>[&variant=<height>p] → the live master playlist, or one
 * rendition's playlist cut to the live edge with signed segment URLs (docs/decisions/0029).
 * 400 malformed, 404 an event the viewer may not see, 409 not live.
 */
export const loader = (args: LoaderFunctionArgs) => liveLoader(args);

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
