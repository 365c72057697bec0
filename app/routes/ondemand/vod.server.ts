import type { LoaderFunctionArgs } from '@remix-run/node';
import { catalogLoader } from '#server/media/ondemand/catalogLoader.server';

/** /vod: the tenant's published videos the viewer may see, searched, filtered, one page after ?after=. */
export const loader = (args: LoaderFunctionArgs) => catalogLoader(args, 'video', '/vod');
