import { Box, Button, Container, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '#app/components/forms/ErrorSummary';
import { SelectInput, TextInput } from '#app/components/schedule/fields';
import { TITLE_MAX } from '#app/lib/events/form';
import { ROOM_LAYOUTS } from '#app/lib/events/model';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { Failure, loader } from './testScheduler.server';
import { i18nHandle } from '#app/lib/handles';

/** /testScheduler (organizer, admin): a private rehearsal event that opens now. */
export { action, loader } from './testScheduler.server';
export const handle = i18nHandle('events', 'forms', 'schedule', 'tickets', 'registration');

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
