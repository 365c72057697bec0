import type { LoaderFunctionArgs } from '@remix-run/node';
import { uploadScreenLoader } from '#server/media/api/mediaUploadScreen.server';

export const loader = (args: LoaderFunctionArgs) => uploadScreenLoader(args, 'uploadSystemMedia');
