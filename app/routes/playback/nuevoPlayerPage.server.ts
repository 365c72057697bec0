import type { LoaderFunctionArgs } from '@remix-run/node';
import { chaptersFromDescription } from '#app/lib/playback/chapters';
import { getFixedT } from '#server/i18n.server';
import { loadPlaybackItem, withProblems } from '#server/media/playback/item.server';

/** /nuevoPlayerPage?mediaId=<id>: one tenant video on a branded page, its chapters read from its description. */
export const loader = (args: LoaderFunctionArgs) =>
  withProblems(async () => {
    const [t, { item, playback }] = await Promise.all([getFixedT(args.context.languageTag), loadPlaybackItem(args, ['video'], '/nuevoPlayerPage')]);
    return {
      title: playback.media.title || t('playback.titles.nuevoPlayerPage'),
      playback,
      chapters: chaptersFromDescription(item.description, item.derived.durationSeconds),
    };
  });
