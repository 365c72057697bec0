import { Button, Stack, Text } from '@chakra-ui/react';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthLink, AuthLinks } from '#app/components/account/AuthLinks';
import { AuthPage, Notice } from '#app/components/account/AuthPage';
import { maskDestination } from '#app/components/account/mask';
import { TextField } from '#app/components/forms/Fields';
import { useSubmittingIntent } from '#app/lib/forms/useSubmitting';
import type { GuestActionData, loader } from './guestVerification.server';
import { i18nHandle } from '#app/lib/handles';

/** /guestVerification: join as a guest with a name and an emailed 6-digit code. */
export { action, loader } from './guestVerification.server';
export const handle = i18nHandle('account', 'forms');

const FORM = 'guest';

export default function GuestVerification() {
  const { t } = useTranslation();
  const { title, guest, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<GuestActionData>();
  const busyIntent = useSubmittingIntent();

  if (guest && !result) {
    return (
      <AuthPage title={title} testId="guest-screen">
        <Stack gap="4">
          <Notice status="success" testId="guest-verified">
            {t('account.guest.verified', { name: guest.name })}
          </Notice>
          <Text color="fg.muted">{t('account.guest.verifiedHint', { email: maskDestination(guest.email) })}</Text>
        </Stack>
        <AuthLinks>
          <AuthLink to="/liveEvents">{t('account.guest.events')}</AuthLink>
          <AuthLink to="/signUpUltimate">{t('account.guest.createAccount')}</AuthLink>
        </AuthLinks>
      </AuthPage>
    );
  }

  const codeStep = result?.step === 'code';
  return (
    <AuthPage title={title} lead={t(codeStep ? 'account.guest.codeLead' : 'account.guest.lead')} testId="guest-screen">
      {result?.message ? (
        <Stack mb="5">
          <Notice status="error" testId="form-error">{t(result.message)}</Notice>
        </Stack>
      ) : null}
      {codeStep ? (
        <Form method="post" noValidate key="code">
          <input type="hidden" name="name" value={result.name} />
          <input type="hidden" name="email" value={result.email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Stack gap="5">
            <Text data-testid="destination">{t('account.confirm.sentTo', { destination: maskDestination(result.email) })}</Text>
            <TextField form={FORM} name="code" label={t('account.fields.code')} error={result.fieldErrors.code} required inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button type="submit" name="intent" value="verify" colorPalette="brand" size="lg" loading={busyIntent === 'verify'} loadingText={t('account.confirm.busy')} data-testid="submit">
                {t('account.guest.verify')}
              </Button>
              <Button type="submit" name="intent" value="request" variant="outline" size="lg" loading={busyIntent === 'request'} loadingText={t('account.confirm.resending')} data-testid="resend">
                {t('account.confirm.resend')}
              </Button>
            </Stack>
          </Stack>
        </Form>
      ) : (
        <Form method="post" noValidate key="details">
          <input type="hidden" name="intent" value="request" />
          <Stack gap="5">
            <TextField form={FORM} name="name" label={t('account.fields.name')} defaultValue={result?.name} error={result?.fieldErrors.name} required autoComplete="name" />
            <TextField form={FORM} name="email" type="email" label={t('account.fields.email')} defaultValue={result?.email} error={result?.fieldErrors.email} required autoComplete="email" />
            <Button type="submit" colorPalette="brand" size="lg" loading={busyIntent === 'request'} loadingText={t('account.guest.sending')} data-testid="submit">
              {t('account.guest.send')}
            </Button>
          </Stack>
        </Form>
      )}
      <AuthLinks>
        <AuthLink to="/signIn">{t('account.guest.haveAccount')}</AuthLink>
      </AuthLinks>
    </AuthPage>
  );
}

export { accountMeta as meta } from '#app/components/account/meta';
