import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
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
  // On the way somewhere (after sign-up or a social sign-in): what was already given is not asked again.
  const welcome = data.redirectTo !== null;
  const askNames = !welcome || !data.namesKnown || Boolean(errors.firstName || errors.lastName);
  const askTerms = !(welcome && data.termsAccepted);
  return (
    <AuthPage
      title={welcome ? t('account.register.welcomeTitle') : data.title}
      lead={t(welcome ? 'account.register.welcomeLead' : data.complete ? 'account.register.leadComplete' : 'account.register.lead')}
      testId="register-screen"
    >
      {/* A document post: after saving, the page reloads in the chosen language. */}
      <Form method="post" reloadDocument noValidate onSubmit={() => setBusy(true)}>
        <Stack gap="5">
          {data.saved && !failed ? <Notice status="success" testId="register-saved">{t('account.register.saved')}</Notice> : null}
          {failed ? <Notice status="error" testId="form-error">{t('account.errors.fixFields')}</Notice> : null}
          {data.redirectTo ? <input type="hidden" name="redirectTo" value={data.redirectTo} /> : null}
          <TextField form={FORM} name="displayName" label={t('account.fields.displayName')} defaultValue={values.displayName} error={errors.displayName} required autoComplete="nickname" />
          {askNames ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <TextField form={FORM} name="firstName" label={t('account.fields.givenName')} defaultValue={values.firstName} error={errors.firstName} required autoComplete="given-name" />
              <TextField form={FORM} name="lastName" label={t('account.fields.familyName')} defaultValue={values.lastName} error={errors.lastName} required autoComplete="family-name" />
            </SimpleGrid>
          ) : (
            <>
              <input type="hidden" name="firstName" value={values.firstName} />
              <input type="hidden" name="lastName" value={values.lastName} />
            </>
          )}
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
          {askTerms ? <TermsCheckbox error={errors.terms} defaultChecked={values.terms} /> : null}
          {welcome && !askNames && !askTerms ? (
            <Text fontSize="sm" color="fg.muted" data-testid="register-known">
              {t('account.register.known', { name: `${values.firstName} ${values.lastName}` })}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ md: 'flex-start' }} loading={busy} loadingText={t('account.register.busy')} data-testid="submit">
            {t(welcome ? 'account.register.continue' : 'account.register.submit')}
          </Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}

export { accountMeta as meta } from '#app/components/account/meta';
