/**
 * The loaders and the action of /photoEditor and /profilePhotoChanger (docs/decisions/0045): the
 * person's images to pick from, each with a small preview and a link to its original for editing
 * (storage allows the app's origin, so the canvas can read it), and the avatar choice.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { SessionUser } from '#app/lib/identity/types';
import { mediaIdSchema } from '#app/lib/media/library';
import { MY_LIBRARY_HREF } from '#app/lib/nav';
import type { MediaItem } from '#app/lib/media/model';
import { avatarUrl } from '#app/lib/photo/avatar';
import type { PickableImage } from '#app/lib/photo/picker';
import { canSeeItem } from '../api/mediaAccess.server';
import { NO_STORE } from '#server/http/responses.server';
import { readForm } from '#server/http/readForm.server';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/index.server';
import { chooseAvatar, currentAvatar } from './avatar.server';
import { log } from '#server/observability/log.server';
import { isLibraryUser } from '../libraryApi.server';
import { isFinished } from '#app/lib/media/sharing';

/** How long the picker's links live: an editing session. */
const LINK_SECONDS = 3600;
/** How many of the person's images the picker offers (newest first). */
export const PICKER_LIMIT = 48;

async function pickable(context: LoaderFunctionArgs['context'], item: MediaItem): Promise<PickableImage> {
  const files = context.data.files;
  const small = item.derived.sizes?.small300;
  const [src, thumb] = await Promise.all([files.presignDownload({ key: item.original.key, expiresIn: LINK_SECONDS }), small ? files.presignDownload({ key: small.key, expiresIn: LINK_SECONDS }) : null]);
  return { id: item.id, title: item.title || item.original.fileName, width: item.derived.width ?? null, height: item.derived.height ?? null, thumb: thumb ?? src, src };
}

/** The person's finished images, newest first; `failed` when the library could not be read (the file source still works). */
async function ownImages(context: LoaderFunctionArgs['context'], user: SessionUser): Promise<{ images: PickableImage[]; failed: boolean }> {
  try {
    const page = await context.data.media.list({ ownerId: user.sub, kind: 'image', match: (i) => isFinished(i), limit: PICKER_LIMIT });
    return { images: await Promise.all(page.items.map((item) => pickable(context, item))), failed: false };
  } catch (e) {
    log.warn('[photo] the picker could not list the library', e);
    return { images: [], failed: true };
  }
}

export async function photoEditorLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  // ?image=<id>: open that image at once (any image the person may see); anything else is not found.
  const asked = new URL(request.url).searchParams.get('image');
  let initial: PickableImage | null = null;
  if (asked !== null) {
    const id = mediaIdSchema.safeParse(asked);
    const item = id.success ? await context.data.media.get(id.data) : null;
    if (!item || item.kind !== 'image' || !isFinished(item) || !(await canSeeItem(context.data, user, item, 'tenant', context.env))) throw new Response('Not Found', { status: 404, headers: NO_STORE });
    initial = await pickable(context, item);
  }
  const { images, failed } = await ownImages(context, user);
  // Organizers and admins go on to the library's images, everyone else to My media's images.
  const libraryHref = isLibraryUser(user) ? '/customerImageUpload' : `${MY_LIBRARY_HREF}?kind=image`;
  return json({ title: t('photo.editor.title'), images, libraryFailed: failed, initial, libraryHref }, { headers: NO_STORE });
}

export async function profilePhotoLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context } = args;
  const t = await getFixedT(context.languageTag);
  const avatar = await currentAvatar(context.data, user.sub);
  return json({ title: t('photo.avatar.title'), avatarUrl: avatarUrl(user.sub, avatar?.id) }, { headers: NO_STORE });
}

const avatarActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('use'), mediaId: mediaIdSchema }), z.object({ intent: z.literal('remove') })]);

/** POST /profilePhotoChanger: intent=use&mediaId=<the uploaded square> makes it the avatar; intent=remove goes back to initials. */
export async function profilePhotoAction(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const t = await getFixedT(context.languageTag);
  const form = Object.fromEntries(await readForm(request, context.languageTag));
  const parsed = avatarActionSchema.safeParse(form);
  if (!parsed.success) return json({ ok: false as const, error: t('photo.avatar.errors.badRequest') }, { status: 400, headers: NO_STORE });
  if (parsed.data.intent === 'remove') {
    await context.data.profiles.save(user.sub, { avatarId: '' });
    return json({ ok: true as const, avatarUrl: null }, { headers: NO_STORE });
  }
  // Someone else's item, another tenant's, not an image or failed: the same answer, not found.
  if (!(await chooseAvatar(context.data, user, parsed.data.mediaId))) return json({ ok: false as const, error: t('photo.avatar.errors.notFound') }, { status: 404, headers: NO_STORE });
  return json({ ok: true as const, avatarUrl: avatarUrl(user.sub, parsed.data.mediaId) }, { headers: NO_STORE });
}
