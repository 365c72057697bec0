import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { DEFAULT_PLAYLIST_FLAGS } from '#app/lib/media/playlist';
import type { MediaItem } from '#app/lib/media/model';
import { getFixedT } from '#server/i18n.server';
import { getSessionUser } from '#server/identity/session.server';
import { mediaAccess } from '#server/media/access.server';
import { loadPlaybackItem, refuse, withProblems } from '#server/media/playback/item.server';
import { playlistTrack } from '#server/media/screens/mediaPlaylists.server';
import { isFinished } from '#app/lib/media/sharing';

const PLAYLIST_ID = z.string().regex(/^[a-z0-9]{21}$/);

/**
 * /listenerMediaPlayback?playlistId=<id> plays one of the signed-in listener's playlists (a
 * playlist belongs to its owner: another's is not found), with its saved flags and volume;
 * ?mediaId=<id> plays one audio item, resumed where the listener left it.
 */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const { request, context } = args;
    const t = await getFixedT(context.languageTag);
    const params = new URL(request.url).searchParams;
    const playlistId = params.get('playlistId');
    if (playlistId === null) {
      const { item, playback } = await loadPlaybackItem(args, ['audio'], '/listenerMediaPlayback');
      if (!isFinished(item)) return { title: item.title, playback, list: null };
      const track = await playlistTrack(context.data, item);
      return { title: item.title, playback, list: { title: item.title, tracks: [track], flags: { ...DEFAULT_PLAYLIST_FLAGS, playAll: false } } };
    }
    if (!PLAYLIST_ID.safeParse(playlistId).success) throw refuse('badLink');
    const user = await getSessionUser(args);
    if (!user) throw refuse('signIn');
    const playlist = await context.data.playlists.get(user.sub, playlistId);
    if (!playlist) throw refuse('notFound');
    const items = await Promise.all(playlist.trackIds.map((id) => context.data.media.get(id)));
    const playable = await mediaAccess(context.data, user).visible(items.filter((item): item is MediaItem => item !== null && item.scope === 'tenant' && item.kind === 'audio' && isFinished(item)));
    const tracks = await Promise.all(playable.map((item) => playlistTrack(context.data, item)));
    const { playAll, shuffle, loop, repeat, volume } = playlist;
    return { title: playlist.title || t('playback.titles.listenerMediaPlayback'), playback: null, list: { title: playlist.title, tracks, flags: { playAll, shuffle, loop, repeat, volume } } };
  });
