import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { retryAction } from '#server/media/api.server';
import { methodNotAllowed } from '#server/http/responses.server';

/**
 * POST /api/media/retry {mediaId} → processes a failed item again (its owner or an admin of the
 * tenant): { status: 'processing' }. 401 signed out, 400 malformed, 404 not this tenant's item or
 * not the viewer's to manage, 409 not failed, 503 processing unavailable (no queue).
 */
export const action = (args: ActionFunctionArgs) => retryAction(args);

export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
