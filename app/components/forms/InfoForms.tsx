import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField, SelectField } from './Fields';
import { FormAlert, Honeypot } from './FormParts';
import { LIMITS, TOPICS, type FieldErrors, type FormValues } from '#app/lib/forms/schemas';

export interface FormState {
  values: FormValues;
  fieldErrors: FieldErrors;
  message: string | null;
}

function FormShell({ id, state, labels, children }: { id: string; state: FormState; labels: Record<string, string>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // noValidate: the server checks every field and answers in the page's language; the
    // browser's own bubbles would be in the browser's language and unstyled.
    <Form method="post" noValidate id={id} aria-describedby={`${id}-note`} data-testid={`${id}-form`}>
      <Stack gap="6">
        {state.message ? <FormAlert form={id} message={state.message} fieldErrors={state.fieldErrors} labels={labels} errorValues={LIMITS} /> : null}
        {children}
        <Honeypot form={id} />
        <Stack direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }} gap="4" justify="space-between">
          <Text id={`${id}-note`} fontSize="sm" color="fg.muted">
            {t('forms.privacyNote')}
          </Text>
          <Button type="submit" colorPalette="brand" size="lg" minW={{ md: '40' }} data-testid="form-submit">
            {t('forms.send')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

export function RequestInfoForm({ state }: { state: FormState }) {
  const { t } = useTranslation();
  const id = 'requestInfo';
  const v = state.values;
  const e = state.fieldErrors;
  const labels = {
    name: t('forms.name'),
    email: t('forms.email'),
    company: t('forms.company'),
    phone: t('forms.phone'),
    topic: t('forms.topic'),
    attendees: t('forms.attendees'),
    message: t('forms.message'),
  };
  return (
    <FormShell id={id} state={state} labels={labels}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField form={id} name="name" label={labels.name} required errorValues={LIMITS} error={e.name} defaultValue={v.name} autoComplete="name" />
        <TextField form={id} name="email" label={labels.email} required errorValues={LIMITS} error={e.email} defaultValue={v.email} type="email" autoComplete="email" inputMode="email" />
        <TextField form={id} name="company" label={labels.company} errorValues={LIMITS} error={e.company} defaultValue={v.company} autoComplete="organization" />
        <TextField form={id} name="phone" label={labels.phone} errorValues={LIMITS} error={e.phone} defaultValue={v.phone} type="tel" autoComplete="tel" inputMode="tel" />
        <SelectField
          form={id}
          name="topic"
          label={labels.topic}
          required
          errorValues={LIMITS} error={e.topic}
          defaultValue={v.topic}
          placeholder={t('forms.topicPlaceholder')}
          options={TOPICS.map((topic) => ({ value: topic, label: t(`forms.topics.${topic}`) }))}
        />
        <TextField
          form={id}
          name="attendees"
          label={labels.attendees}
          errorValues={LIMITS} error={e.attendees}
          defaultValue={v.attendees}
          inputMode="numeric"
          help={t('forms.attendeesHelp')}
        />
      </SimpleGrid>
      <TextAreaField form={id} name="message" label={labels.message} required errorValues={LIMITS} error={e.message} defaultValue={v.message} help={t('forms.messageHelp', LIMITS)} />
    </FormShell>
  );
}

export function ContactUsForm({ state }: { state: FormState }) {
  const { t } = useTranslation();
  const id = 'contactUs';
  const v = state.values;
  const e = state.fieldErrors;
  const labels = { name: t('forms.name'), email: t('forms.email'), subject: t('forms.subject'), message: t('forms.message') };
  return (
    <FormShell id={id} state={state} labels={labels}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <TextField form={id} name="name" label={labels.name} required errorValues={LIMITS} error={e.name} defaultValue={v.name} autoComplete="name" />
        <TextField form={id} name="email" label={labels.email} required errorValues={LIMITS} error={e.email} defaultValue={v.email} type="email" autoComplete="email" inputMode="email" />
      </SimpleGrid>
      <TextField form={id} name="subject" label={labels.subject} required errorValues={LIMITS} error={e.subject} defaultValue={v.subject} />
      <TextAreaField form={id} name="message" label={labels.message} required errorValues={LIMITS} error={e.message} defaultValue={v.message} rows={8} help={t('forms.messageHelp', LIMITS)} />
    </FormShell>
  );
}
