import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { isPitchDeck } from '#app/lib/media/sharing';
import { getFixedT } from '#server/i18n.server';
import { downloadRedirect, NO_STORE, pitchDeck, sharedViewer } from '#server/media/screens/sharedMedia.server';

/**
 * /pitchDeckDownload: the tenant's pitch deck (the newest PDF tagged pitch-deck the viewer may
 * see), or a clear state while it is processed; `?file=<id>` redirects to a one-minute signed
 * attachment URL of the PDF.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { access, signedIn } = await sharedViewer(args);
  const download = await downloadRedirect(args, access, 'file', isPitchDeck);
  if (download) return download;
  const t = await getFixedT(args.context.languageTag);
  const { state, deck } = await pitchDeck(args, access);
  return json({ title: t('gallery.deck.title'), state, deck, signedIn, site: args.context.tenant.displayName }, { headers: NO_STORE });
}
