import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { NO_STORE, photoCards, sharedViewer } from '#server/media/screens/sharedMedia.server';

/** /downloadPhotos: the finished photos shared with the viewer, to choose and download as one zip (/api/media/zip). */
export async function loader(args: LoaderFunctionArgs) {
  const { access, signedIn } = await sharedViewer(args);
  const { context } = args;
  const t = await getFixedT(context.languageTag);
  const photos = await photoCards(context.data.files, await context.data.media.shared(access, 'image'));
  return json({ title: t('gallery.photos.title'), photos, signedIn }, { headers: NO_STORE });
}
