import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { embedViewer } from '#server/embeds/index.server';
import { mediaIdParam, playbackItem, viewableItem, withProblems } from '#server/media/playback/item.server';

/**
 * /embed/video?mediaId=<id>: one library video for another site's frame (docs/decisions/0089), with
 * the very rule of /mediaPlayBack (server/media/playback/item.server.ts): an item the viewer may not
 * see is not found, or asks for a sign-in when a signed-in person might see it. The viewer is the
 * site's session or, in a frame that cannot have it, the frame's embed session.
 */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const id = mediaIdParam(args.request);
    const [t, viewer] = await Promise.all([getFixedT(args.context.languageTag), embedViewer(args)]);
    const item = await viewableItem(args, viewer.user, id, ['video']);
    const playback = await playbackItem(args, viewer.user, item, '/mediaPlayBack');
    return {
      title: playback.media.title || t('playback.titles.mediaPlayBack'),
      playback,
      signedIn: viewer.via,
    };
  });
