import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handlePublicApi } from '#server/publicApi/index.server';

/** GET (and HEAD) of an operation under /api/v1: authenticated by API key, never by the session. */
export const loader = ({ request, context }: LoaderFunctionArgs) => handlePublicApi(request, context);

/** POST and PATCH of an operation under /api/v1. */
export const action = ({ request, context }: ActionFunctionArgs) => handlePublicApi(request, context);
