import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { statusLoader } from '#server/broadcast/ingest/api.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * GET /api/broadcast/status?event=<id> → { status, protocol?, bitrateKbps?, width?, height?, startedAt?, endedAt?, mediaId? }
 * for whoever may see the event's page (docs/decisions/0029); 404 for any other event.
 */
export const loader = (args: LoaderFunctionArgs) => statusLoader(args);

export const action = ({ context }: ActionFunctionArgs) => methodNotAllowed(context.languageTag, 'GET');
