import type { LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { loadPlaybackItem, withProblems } from '#server/media/playback/item.server';

/** /mediaPlayBack?mediaId=<id>: one video the viewer may see, resumed where a signed-in viewer left it. */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const [t, { playback }] = await Promise.all([getFixedT(args.context.languageTag), loadPlaybackItem(args, ['video'], '/mediaPlayBack')]);
    return { title: playback.media.title || t('playback.titles.mediaPlayBack'), playback };
  });
