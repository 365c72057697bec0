/** /audioPlaylistUpload's loader data: the caller's playlists, the open one with its playable tracks, and the audio they may add. */
import type { LoaderFunctionArgs } from '@remix-run/node';
import type { PlaylistTrack } from '#app/lib/media/library';
import type { MediaItem } from '#app/lib/media/model';
import type { TenantData } from '#server/data/tenantData.server';
import { getFixedT } from '#server/i18n.server';
import { uploadUsage } from './mediaLibrary.server';
import { requireGroup } from '#server/identity/index.server';
import { mediaAccess } from '../access.server';
import { isFinished } from '#app/lib/media/sharing';

const LINK_SECONDS = 3600;
const MAX_AUDIO = 100;

/** One playable track of a playlist: its signed audio links, waveform and duration. */
export async function playlistTrack(data: TenantData, item: MediaItem): Promise<PlaylistTrack> {
  const link = (key: string | undefined) => (key ? data.files.presignDownload({ key, expiresIn: LINK_SECONDS }) : Promise.resolve(null));
  const { mp4: m4a, mp3 } = item.derived;
  return {
    id: item.id,
    title: item.title,
    m4a: await link(m4a?.key),
    // Neither derived yet (an older item): the original, which the browser may still play.
    mp3: await link(mp3?.key ?? (m4a ? undefined : item.original.key)),
    waveform: item.derived.waveform ?? null,
    durationSeconds: item.derived.durationSeconds ?? null,
  };
}

export async function playlistScreenData(args: LoaderFunctionArgs) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const data = context.data;
  const access = mediaAccess(data, user);
  const openId = new URL(request.url).searchParams.get('playlist');
  const [t, playlists, audio] = await Promise.all([
    getFixedT(context.languageTag),
    data.playlists.list(user.sub),
    data.media.list({ kind: 'audio', limit: MAX_AUDIO, match: (item) => item.scope === 'tenant' && isFinished(item) && access.mayView(item) }),
  ]);
  let open = null;
  if (openId) {
    const playlist = await data.playlists.get(user.sub, openId);
    // Another person's playlist, another tenant's, a made-up id: not found, like any object that is not the caller's.
    if (!playlist) throw new Response('Not found', { status: 404 });
    const items = await Promise.all(playlist.trackIds.map((id) => data.media.get(id)));
    const playable = await access.visible(items.filter((item): item is MediaItem => item !== null && item.kind === 'audio' && item.scope === 'tenant'));
    open = { playlist, tracks: await Promise.all(playable.map((item) => playlistTrack(data, item))) };
  }
  return {
    usage: await uploadUsage(context, user),
    title: t('library.titles.playlists'),
    lead: t('library.leads.playlists'),
    playlists: playlists.map((p) => ({ id: p.id, title: p.title, count: p.trackIds.length })),
    open,
    audio: await Promise.all(audio.items.map((item) => playlistTrack(data, item))),
  };
}
