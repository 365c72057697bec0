import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { NO_STORE } from '#server/media/screens/mediaLibrary.server';
import { playlistScreenData } from '#server/media/screens/mediaPlaylists.server';

export async function loader(args: LoaderFunctionArgs) {
  return json(await playlistScreenData(args), { headers: NO_STORE });
}
