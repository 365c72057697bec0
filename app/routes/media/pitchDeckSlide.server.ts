import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { getFixedT } from '#server/i18n.server';
import { NO_STORE, pitchDeck, sharedViewer, slidesOf } from '#server/media/screens/sharedMedia.server';

const slideParam = z.coerce.number().int().min(1).max(10_000).catch(1);

/** /pitchDeckSlide: the pitch deck's page images (made by the media pipeline) to view one at a time; `?slide=<n>` starts at page n. */
export async function loader(args: LoaderFunctionArgs) {
  const { access, signedIn } = await sharedViewer(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const { state, deck, item } = await pitchDeck(args, access);
  const slides = item ? await slidesOf(context.data.files, item) : [];
  const start = Math.min(slideParam.parse(new URL(request.url).searchParams.get('slide') ?? undefined), Math.max(slides.length, 1));
  return json({ title: t('gallery.slides.title'), state, deck, slides, start, signedIn }, { headers: NO_STORE });
}
