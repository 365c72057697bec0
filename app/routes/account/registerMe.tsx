import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPage, Notice } from '#app/components/account/AuthPage';
import { TermsCheckbox } from '#app/components/account/TermsCheckbox';
import { SelectField, TextField } from '#app/components/forms/Fields';
import type { AccountFieldErrors } from '#app/lib/account/fieldErrors';
import type { loader, RegisterValues } from './registerMe.server';
import { i18nHandle } from '#app/lib/handles';

/** /registerMe (signed-in): complete the profile after the first sign-in; stored per tenant. */
export { action, loader } from './registerMe.server';
export const handle = i18nHandle('account', 'forms');

const FORM = 'register';

export default function RegisterMe() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<{ fieldErrors: AccountFieldErrors; values: RegisterValues }>();
  const values = failed?.values ?? data.values;
  const errors = failed?.fieldErrors ?? {};
  const [busy, setBusy] = useState(false);
  return (
    <AuthPage title={data.title} lead={t(data.complete ? 'account.register.leadComplete' : 'account.register.lead')} testId="register-screen">
      {/* A document post: after saving, the page reloads in the chosen language. */}
      <Form method="post" reloadDocument noValidate onSubmit={() => setBusy(true)}>
        <Stack gap="5">
          {data.saved && !failed ? <Notice status="success" testId="register-saved">{t('account.register.saved')}</Notice> : null}
          {failed ? <Notice status="error" testId="form-error">{t('account.errors.fixFields')}</Notice> : null}
          <TextField form={FORM} name="displayName" label={t('account.fields.displayName')} defaultValue={values.displayName} error={errors.displayName} required autoComplete="nickname" maxLength={80} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <TextField form={FORM} name="firstName" label={t('account.fields.givenName')} defaultValue={values.firstName} error={errors.firstName} required autoComplete="given-name" maxLength={80} />
            <TextField form={FORM} name="lastName" label={t('account.fields.familyName')} defaultValue={values.lastName} error={errors.lastName} required autoComplete="family-name" maxLength={80} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <SelectField
              form={FORM}
              name="language"
              label={t('account.fields.language')}
              defaultValue={values.language}
              error={errors.language}
              required
              placeholder={t('account.register.choose')}
              options={data.languages.map((code) => ({ value: code, label: t(`language.names.${code}`) }))}
            />
            <SelectField
              form={FORM}
              name="timeZone"
              label={t('account.fields.timeZone')}
              defaultValue={values.timeZone}
              error={errors.timeZone}
              required
              placeholder={t('account.register.choose')}
              options={data.timeZones.map((tz) => ({ value: tz, label: tz.replace(/_/g, ' ') }))}
            />
          </SimpleGrid>
          <TermsCheckbox error={errors.terms} defaultChecked={values.terms} />
          <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ md: 'flex-start' }} loading={busy} loadingText={t('account.register.busy')} data-testid="submit">
            {t('account.register.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}

export { accountMeta as meta } from '#app/components/account/meta';
