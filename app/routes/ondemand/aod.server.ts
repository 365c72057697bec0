import type { LoaderFunctionArgs } from '@remix-run/node';
import { catalogLoader } from '#server/media/ondemand/catalogLoader.server';

/** /aod: the tenant's published audio the viewer may see, searched, filtered, one page after ?after=. */
export const loader = (args: LoaderFunctionArgs) => catalogLoader(args, 'audio', '/aod');
