import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { NO_STORE, photoCards, sharedViewer } from '#server/media/screens/sharedMedia.server';

/** /viewPhotos: the finished photos shared with the viewer, as a gallery; `?photo=<id>` opens the lightbox at one (404 when it is not among them). */
export async function loader(args: LoaderFunctionArgs) {
  const { access, signedIn } = await sharedViewer(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const photos = await photoCards(context.data.files, await context.data.media.shared(access, 'image'));
  const wanted = new URL(request.url).searchParams.get('photo');
  const openAt = wanted ? photos.findIndex((p) => p.id === wanted) : -1;
  // A named photo that is not among them (gone, not shared, another tenant's) is not found.
  if (wanted !== null && openAt < 0) throw new Response('Not Found', { status: 404, headers: NO_STORE });
  return json({ title: t('gallery.view.title'), photos, openAt, signedIn }, { headers: NO_STORE });
}
