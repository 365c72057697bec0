import type { LoaderFunctionArgs } from '@remix-run/node';
import { methodNotAllowed } from '#server/http/responses.server';

/** POST /api/beacons: the players' and the live room's beacons (server/beacons/, docs/decisions/0093). */
export { beaconsAction as action } from '#server/beacons/index.server';
export const loader = ({ context }: LoaderFunctionArgs) => methodNotAllowed(context.languageTag, 'POST');
