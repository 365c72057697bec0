import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DEVICE_CHOICE_FIELDS } from '#app/components/live/devices/choice';
import { getFixedT } from '#server/i18n.server';
import { requireUser } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { videoSettingsInputSchema } from '#server/rooms/data/videoSettings.server';
import { NO_STORE } from '#server/http/responses.server';

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const { context } = args;
  const [t, saved] = await Promise.all([getFixedT(context.languageTag), context.data.videoSettings.get(user.sub)]);
  return json({ title: t('lobby.settings.title'), saved, fallbackZone: context.tenant.timeZone }, { headers: NO_STORE });
}

type ActionData = { ok: true; savedAt: string } | { ok: false; fieldErrors: Record<string, 'lobby.errors.deviceId'> };

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const { context, request } = args;
  const form = await readForm(request, context.language);
  const raw = Object.fromEntries(DEVICE_CHOICE_FIELDS.map((k) => [k, String(form.get(k) ?? '')]));
  const parsed = videoSettingsInputSchema.safeParse(raw);
  if (!parsed.success) {
    // Every field of this form is a device id; its one error says so.
    const fieldErrors: Record<string, 'lobby.errors.deviceId'> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= 'lobby.errors.deviceId';
    return json<ActionData>({ ok: false, fieldErrors }, { status: 400, headers: NO_STORE });
  }
  const saved = await context.data.videoSettings.save(user.sub, parsed.data);
  return json<ActionData>({ ok: true, savedAt: saved.updatedAt }, { headers: NO_STORE });
}
