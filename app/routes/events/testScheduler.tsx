import { Box, Button, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorSummary } from '#app/components/forms/FormParts';
import { SelectInput, TextInput } from '#app/components/schedule/fields';
import { newEventFormValues, organizerOf } from '#server/screens/scheduling.server';
import { TITLE_MAX, TITLE_MIN } from '#app/lib/events/form';
import { ROOM_LAYOUTS, lobbyHref } from '#app/lib/events/model';
import { getFixedT } from '#server/i18n.server';
import { requireGroup } from '#server/identity/session.server';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { readForm } from '#server/http/readForm.server';
import { createEvent, newEventInput } from '#server/services/events.server';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** /testScheduler (organizer, admin): a private rehearsal event that opens now. */
export async function loader(args: LoaderFunctionArgs) {
  await requireGroup(args, 'organizer', 'admin');
  const t = await getFixedT(args.context.language);
  return json({ title: t('schedule.rehearsal.title') }, { headers: NO_STORE });
}

const rehearsalSchema = z.object({
  title: z
    .string()
    .trim()
    .refine((s) => s === '' || (s.length >= TITLE_MIN && s.length <= TITLE_MAX), 'schedule.errors.title'),
  layout: z.enum(ROOM_LAYOUTS, { error: 'schedule.errors.layout' }),
});

type Failure = { errors: Partial<Record<'title' | 'layout', string>>; values: { title: string; layout: string } };

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
      errors[key] ??= issue.message.startsWith('schedule.') ? issue.message : 'schedule.errors.invalid';
    }
    return json<Failure>({ errors, values }, { status: 400, headers: NO_STORE });
  }
  const t = await getFixedT(context.language);
  const defaults = await newEventFormValues(args, user);
  const event = await createEvent(
    context.services.db,
    context.tenant.id,
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

export default function TestScheduler() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const failed = useActionData<Failure>();
  const [busy, setBusy] = useState(false);
  const errors = failed?.errors ?? {};
  const labels = { title: t('schedule.rehearsal.titleLabel'), layout: t('schedule.rehearsal.layoutLabel') };
  const summary = (['title', 'layout'] as const).filter((f) => errors[f]).map((f) => [f, t(errors[f]!)] as [string, string]);
  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="rehearsal-screen">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted">{t('schedule.rehearsal.lead')}</Text>
        </Stack>
        <List.Root gap="1.5" ps="5">
          <List.Item>{t('schedule.rehearsal.points.private')}</List.Item>
          <List.Item>{t('schedule.rehearsal.points.now')}</List.Item>
          <List.Item>{t('schedule.rehearsal.points.share')}</List.Item>
        </List.Root>
        <Box bg="bg" borderWidth={{ base: '0', md: '1px' }} borderColor="border" borderRadius="l3" boxShadow={{ md: 'card' }} p={{ base: '0', md: '8' }}>
          {/* A document post: the lobby then loads as a fresh page (device checks start clean). */}
          <Form method="post" noValidate id="rehearsal" reloadDocument onSubmit={() => setBusy(true)}>
            <Stack gap="5">
              {summary.length ? <ErrorSummary form="rehearsal" message={t('schedule.errors.fixFields')} errors={summary} labels={labels} /> : null}
              <TextInput
                form="rehearsal"
                name="title"
                label={labels.title}
                defaultValue={failed?.values.title ?? ''}
                error={errors.title ? t(errors.title) : undefined}
                help={t('schedule.rehearsal.titleHelp', { fallback: t('schedule.rehearsal.defaultTitle') })}
                inputProps={{ maxLength: TITLE_MAX, autoComplete: 'off' }}
              />
              <SelectInput
                form="rehearsal"
                name="layout"
                label={labels.layout}
                required
                defaultValue={failed?.values.layout ?? 'liveEventsContainer'}
                error={errors.layout ? t(errors.layout) : undefined}
                options={ROOM_LAYOUTS.map((l) => ({ value: l, label: t(`schedule.layouts.${l}`) }))}
              />
              <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={busy} loadingText={t('schedule.rehearsal.starting')} data-testid="start-rehearsal">
                {t('schedule.rehearsal.start')}
              </Button>
            </Stack>
          </Form>
        </Box>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
