import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { libraryScreenData, NO_STORE } from '#server/media/screens/mediaLibrary.server';

export async function loader(args: LoaderFunctionArgs) {
  return json(await libraryScreenData(args, 'images'), { headers: NO_STORE });
}
