import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { NO_STORE } from '#server/screens/mediaLibrary.server';
import { playlistScreenData } from '#server/screens/mediaPlaylists.server';

export async function loader(args: LoaderFunctionArgs) {
  return json(await playlistScreenData(args), { headers: NO_STORE });
}
