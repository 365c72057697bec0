import { Box, Button, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmittingIntent } from '#app/lib/forms/useSubmitting';
import { DESCRIPTION_MAX, EVENT_FORM_FIELDS, TITLE_MAX, TITLE_MIN, type EventFormErrors, type EventFormValues } from '#app/lib/events/form';
import { EVENT_FLAGS, MAX_DURATION_MINUTES, MAX_HOSTS, MIN_DURATION_MINUTES, RECORDING_DESTINATIONS, RECORDING_MODES, ROOM_LAYOUTS } from '#app/lib/events/model';
import { ErrorSummary } from '#app/components/forms/ErrorSummary';
import { CheckboxInput, SelectInput, TextAreaInput, TextInput } from './fields';
import { EventImages } from './EventImages';
import { SeriesFields, type SeriesFieldsProps } from './SeriesFields';
import { defaultSeriesValues } from '#app/lib/events/seriesRule';
import { TicketFields } from '#app/components/tickets/TicketFields';
import { QuestionsEditor } from './QuestionsEditor';
import { TICKET_FORM_FIELDS, type TicketFormField } from '#app/lib/tickets/eventPricing';
import { useRootData } from '#app/lib/rootData';
import { formatList } from '#app/lib/i18n/listFormat';
import type { Language } from '#app/lib/config/tenant';
import type { TranslationKey } from '#app/lib/i18n/keys';

export const EVENT_FORM_ID = 'event';

export interface EventFormProps {
  mode: 'create' | 'edit';
  /** Where the form posts (the dashboard posts to /scheduleEvents); default: the current route. */
  action?: string;
  values: EventFormValues;
  errors?: EventFormErrors;
  /** The host addresses the server refused, named in the hosts error. */
  invalidHosts?: string[];
  /** Translation key of a form-level message (conflict, fix the fields). */
  message?: TranslationKey | null;
  languages: readonly Language[];
  timeZones: readonly string[];
  /** The edited event's version, sent back so a concurrent change is detected. */
  updatedAt?: string;
  /** Videos the organizer may pick as the trailer; without them the stored choice is kept as it is. */
  trailerOptions?: ReadonlyArray<{ id: string; title: string }>;
  /** Seats already taken (named when the capacity is set below them). */
  seatsTaken?: number;
  /** The series part (docs/decisions/0080): a new or single event may repeat; an occurrence's edit asks which events to change. */
  series?: Omit<SeriesFieldsProps, 'form'> | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0">
      <Heading as="legend" size="md" mb="4" p="0">
        {title}
      </Heading>
      <Stack gap="5">{children}</Stack>
    </Box>
  );
}

/** The event form with every field and flag; field errors under the fields and a linked summary on top. */
export function EventForm({ mode, action, values, errors = {}, invalidHosts = [], message, languages, timeZones, updatedAt, trailerOptions, seatsTaken = 0, series }: EventFormProps) {
  const { t, i18n } = useTranslation();
  const intent = mode === 'create' ? 'create' : 'update';
  const busy = useSubmittingIntent() === intent;
  const form = EVENT_FORM_ID;
  const root = useRootData();
  const currency = root?.tenant.currency ?? 'USD';
  const tenantReactions = root?.tenant.features.reactions ?? true;
  // Every message may name the bounds it states; they come from the constants the parser checks.
  const params = {
    min: MIN_DURATION_MINUTES,
    max: MAX_DURATION_MINUTES,
    maxHosts: MAX_HOSTS,
    titleMin: TITLE_MIN,
    titleMax: TITLE_MAX,
    descriptionMax: DESCRIPTION_MAX,
    emails: formatList(invalidHosts, i18n.language),
    sold: seatsTaken,
  };
  const err = (name: keyof EventFormErrors) => (errors[name] ? t(errors[name], params) : undefined);
  const ticketLabels: Record<TicketFormField, string> = {
    admission: t('tickets.form.pricing'),
    ticketPrice: t('tickets.form.ticketPrice', { currency }),
    capacity: t('tickets.form.capacity'),
    replayPrice: t('tickets.form.replayPrice', { currency }),
  };
  const isTicketField = (f: string): f is TicketFormField => (TICKET_FORM_FIELDS as readonly string[]).includes(f);
  const labels = Object.fromEntries(EVENT_FORM_FIELDS.map((f) => [f, isTicketField(f) ? ticketLabels[f] : t(`schedule.fields.${f}`)])) as Record<string, string>;
  const summary = EVENT_FORM_FIELDS.filter((f) => errors[f]).map((f) => [f, err(f)!] as [string, string]);
  const zoneListId = `${form}-zones`;
  return (
    // noValidate: the server checks every field and answers in the page's language.
    <Form method="post" action={action} noValidate id={form} data-testid="event-form">
      <Stack gap="8">
        {message || summary.length ? (
          // errors is the action's answer: a new object on every failed submit, so focus moves each time.
          <ErrorSummary form={form} message={t(message ?? 'schedule.errors.fixFields')} errors={summary} labels={labels} focusKey={errors} />
        ) : null}
        {updatedAt ? <input type="hidden" name="updatedAt" value={updatedAt} /> : null}

        <Section title={t('schedule.sections.about')}>
          <TextInput form={form} name="title" label={labels.title!} required defaultValue={values.title} error={err('title')} maxChars={TITLE_MAX} inputProps={{ autoComplete: 'off' }} />
          <TextAreaInput
            form={form}
            name="description"
            label={labels.description!}
            defaultValue={values.description}
            error={err('description')}
            help={t('schedule.help.description', params)}
            maxChars={DESCRIPTION_MAX}
          />
        </Section>

        {mode === 'create' ? (
          // On a saved event the images have their own card (they save at once, not with the form).
          <Section title={t('schedule.images.title')}>
            <EventImages draft action={action ?? '/scheduleEvents'} images={{}} title={values.title} />
          </Section>
        ) : null}

        <Section title={t('schedule.sections.when')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <TextInput form={form} name="date" type="date" label={labels.date!} required defaultValue={values.date} error={err('date')} />
            <TextInput form={form} name="time" type="time" label={labels.time!} required defaultValue={values.time} error={err('time')} />
            <TextInput
              form={form}
              name="eventTimeZone"
              label={labels.eventTimeZone!}
              required
              list={zoneListId}
              defaultValue={values.eventTimeZone}
              error={err('eventTimeZone')}
              help={t('schedule.help.eventTimeZone')}
              inputProps={{ autoComplete: 'off', spellCheck: false }}
            />
            <TextInput
              form={form}
              name="eventDuration"
              type="number"
              label={labels.eventDuration!}
              required
              defaultValue={values.eventDuration}
              error={err('eventDuration')}
              help={t('schedule.help.eventDuration', params)}
              inputProps={{ min: MIN_DURATION_MINUTES, max: MAX_DURATION_MINUTES, step: 5, inputMode: 'numeric' }}
            />
          </SimpleGrid>
          <datalist id={zoneListId}>
            {timeZones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </Section>

        {series?.occurrence ? (
          <SeriesFields form={form} {...series} />
        ) : (
          // A new event, or a single one that may become the first of a series.
          <SeriesFields form={form} values={series?.values ?? defaultSeriesValues(values.date)} errors={series?.errors} />
        )}

        <Section title={t('schedule.sections.room')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <SelectInput
              form={form}
              name="layout"
              label={labels.layout!}
              required
              defaultValue={values.layout}
              error={err('layout')}
              help={t('schedule.help.layout')}
              options={ROOM_LAYOUTS.map((l) => ({ value: l, label: t(`schedule.layouts.${l}`) }))}
            />
            <SelectInput
              form={form}
              name="eventLanguage"
              label={labels.eventLanguage!}
              required
              defaultValue={values.eventLanguage}
              error={err('eventLanguage')}
              help={t('schedule.help.eventLanguage')}
              options={languages.map((l) => ({ value: l, label: t(`language.names.${l}`) }))}
            />
          </SimpleGrid>
          <Stack gap="4">
            {EVENT_FLAGS.map((flag) =>
              // A tenant with reactions switched off offers no such option; the event keeps what it had.
              flag === 'reactions' && !tenantReactions ? (
                values.reactions && <input key={flag} type="hidden" form={form} name={flag} value="on" />
              ) : (
                <CheckboxInput key={flag} form={form} name={flag} label={labels[flag]!} help={t(`schedule.help.${flag}`)} defaultChecked={values[flag]} error={err(flag)} />
              ),
            )}
          </Stack>
        </Section>

        <Section title={t('schedule.sections.recording')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <SelectInput
              form={form}
              name="enableRecording"
              label={labels.enableRecording!}
              required
              defaultValue={values.enableRecording}
              error={err('enableRecording')}
              help={t('schedule.help.enableRecording')}
              options={RECORDING_MODES.map((m) => ({ value: m, label: t(`schedule.recordingModes.${m}`) }))}
            />
            <SelectInput
              form={form}
              name="recordingDestination"
              label={labels.recordingDestination!}
              required
              defaultValue={values.recordingDestination}
              error={err('recordingDestination')}
              help={t('schedule.help.recordingDestination')}
              options={RECORDING_DESTINATIONS.map((d) => ({ value: d, label: t(`schedule.recordingDestinations.${d}`) }))}
            />
          </SimpleGrid>
        </Section>

        {trailerOptions ? (
          <Section title={t('schedule.sections.trailer')}>
            <SelectInput
              form={form}
              name="trailerMediaId"
              label={labels.trailerMediaId!}
              defaultValue={values.trailerMediaId}
              error={err('trailerMediaId')}
              help={t('schedule.help.trailerMediaId')}
              options={[{ value: '', label: t('schedule.trailerNone') }, ...trailerOptions.map((v) => ({ value: v.id, label: v.title }))]}
            />
          </Section>
        ) : (
          <input type="hidden" name="trailerMediaId" value={values.trailerMediaId} />
        )}

        <Section title={t('tickets.form.legend')}>
          <TicketFields
            form={form}
            values={values}
            currency={currency}
            errors={{ admission: err('admission'), ticketPrice: err('ticketPrice'), capacity: err('capacity'), replayPrice: err('replayPrice') }}
          />
        </Section>

        <QuestionsEditor form={form} value={values.registrationQuestions} error={err('registrationQuestions')} languages={languages} answered={seatsTaken > 0} />

        <Section title={t('schedule.sections.hosts')}>
          <TextAreaInput form={form} name="hosts" label={labels.hosts!} rows={3} defaultValue={values.hosts} error={err('hosts')} help={t('schedule.help.hosts', params)} />
        </Section>

        <Button type="submit" name="intent" value={intent} colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={busy} loadingText={t('schedule.saving')} data-testid="event-submit">
          {t(mode === 'create' ? 'schedule.create' : 'schedule.update')}
        </Button>
      </Stack>
    </Form>
  );
}
