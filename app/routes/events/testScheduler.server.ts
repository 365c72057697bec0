import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { newEventFormValues, organizerOf } from '#server/events/scheduling.server';
import { TITLE_MAX, TITLE_MIN, eventFormError, eventIssueKey, type EventFormError } from '#app/lib/events/form';
import { ROOM_LAYOUTS, lobbyHref } from '#app/lib/events/model';
import { getFixedT } from '#server/i18n.server';
import { requireGroup } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { newEventInput } from '#server/events/data/events.server';
import { NO_STORE } from '#server/http/responses.server';

export async function loader(args: LoaderFunctionArgs) {
  await requireGroup(args, 'organizer', 'admin');
  const t = await getFixedT(args.context.languageTag);
  return json({ title: t('schedule.rehearsal.title') }, { headers: NO_STORE });
}

export type Failure = { errors: Partial<Record<'title' | 'layout', EventFormError>>; values: { title: string; layout: string } };

const rehearsalSchema = z.object({
  title: z
    .string()
    .trim()
    .refine((s) => s === '' || (s.length >= TITLE_MIN && s.length <= TITLE_MAX), eventFormError('title')),
  layout: z.enum(ROOM_LAYOUTS, { error: eventFormError('layout') }),
});

export async function action(args: ActionFunctionArgs) {
  const user = await requireGroup(args, 'organizer', 'admin');
  const { context, request } = args;
  const form = await readForm(request, context.language);
  const values = { title: String(form.get('title') ?? '').slice(0, TITLE_MAX * 2), layout: String(form.get('layout') ?? '') };
  const parsed = rehearsalSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Failure['errors'] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as 'title' | 'layout';
      errors[key] ??= eventIssueKey(issue.message);
    }
    return json<Failure>({ errors, values }, { status: 400, headers: NO_STORE });
  }
  const t = await getFixedT(context.languageTag);
  const defaults = await newEventFormValues(args, user);
  const event = await context.data.events.create(
    newEventInput({
      title: parsed.data.title || t('schedule.rehearsal.defaultTitle'),
      eventDateTime: new Date().toISOString(),
      eventTimeZone: defaults.eventTimeZone,
      eventLanguage: defaults.eventLanguage,
      layout: parsed.data.layout,
    }),
    await organizerOf(args, user),
    { kind: 'rehearsal' },
  );
  return redirect(lobbyHref(event.eventId));
}
