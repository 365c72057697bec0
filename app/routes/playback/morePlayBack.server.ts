import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { loadPlaybackItem, withProblems } from '#server/media/playback/item.server';
import { relatedVideos } from '#server/media/playback/related.server';

/** /morePlayBack?mediaId=<id>: the video, then related ones (same organizer or tags) with autoplay of the next. */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const [t, { user, item, playback }] = await Promise.all([getFixedT(args.context.languageTag), loadPlaybackItem(args, ['video'], '/morePlayBack')]);
    return { title: playback.media.title || t('playback.titles.morePlayBack'), playback, related: await relatedVideos(args.context.data, user, item) };
  });
