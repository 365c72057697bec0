import { Button, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { autoSignIn, confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from './AuthPage';
import { authErrorKey } from './errors';
import { CodeField, InputField } from './InputField';
import { maskDestination } from './mask';
import { PhoneField } from './PhoneField';
import { toE164, type PhoneSettings } from '#app/lib/account/phone';
import { withRedirect } from './redirect';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { ScriptForm } from '#app/components/forms/ScriptForm';

/**
 * Enter the sign-up code (email or SMS). After confirmSignUp the new user is signed in at once
 * when Amplify's autoSignIn is armed (same browser tab as the sign-up) and continues on
 * /registerMe, then to `redirectTo`; otherwise they go to /signIn with a success message.
 */
export function ConfirmSignUpForm({ kind, username: given, phone, redirectTo }: { kind: 'email' | 'phone'; username?: string; phone?: PhoneSettings | null; redirectTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [info, setInfo] = useState<TranslationKey | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, TranslationKey>>({});

  function readUsername(form: FormData, errors: Record<string, TranslationKey>): string {
    if (given) return given;
    if (kind === 'email') {
      const email = String(form.get('email') ?? '').trim().toLowerCase();
      if (!email) errors.email = 'account.errors.required';
      return email;
    }
    const checked = toE164(String(form.get('phoneCountry') ?? ''), String(form.get('phone') ?? ''));
    if (!checked.ok) errors.phone = checked.error;
    return checked.ok ? checked.e164 : '';
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const errors: Record<string, TranslationKey> = {};
    const username = readUsername(form, errors);
    const code = String(form.get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) errors.code = 'account.errors.code';
    setFieldErrors(errors);
    setError(null);
    setInfo(null);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const { nextStep } = await confirmSignUp({ username, confirmationCode: code });
      if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
        try {
          const signedIn = await autoSignIn();
          // A new account completes its profile (names and terms already kept from sign-up), then goes on.
          const welcome = `/registerMe?redirectTo=${encodeURIComponent(redirectTo)}`;
          if (signedIn.nextStep.signInStep === 'DONE') {
            window.location.assign(welcome);
            return;
          }
          navigate(`/twoFactorSignInVerify?redirectTo=${encodeURIComponent(welcome)}`);
          return;
        } catch {
          // The automatic sign-in is not available (another tab, a reload): sign in by hand.
        }
      }
      navigate(withRedirect(`/signIn?notice=confirmed&username=${encodeURIComponent(username)}`, redirectTo));
      return;
    } catch (e) {
      setError(authErrorKey(e, 'confirm'));
    }
    setBusy(false);
  }

  async function resend(form: HTMLFormElement | null) {
    if (!form) return;
    const errors: Record<string, TranslationKey> = {};
    const username = readUsername(new FormData(form), errors);
    setFieldErrors(errors);
    setError(null);
    setInfo(null);
    if (Object.keys(errors).length) return;
    setResending(true);
    try {
      await resendSignUpCode({ username });
      setInfo('account.confirm.resent');
    } catch (e) {
      setError(authErrorKey(e, 'confirm'));
    }
    setResending(false);
  }

  return (
    <ScriptForm onSubmit={onSubmit} testId="confirm-form">
      <Stack gap="5">
        {error ? <Notice status="error" testId="form-error">{t(error)}</Notice> : null}
        {info ? <Notice status="success">{t(info)}</Notice> : null}
        {given ? (
          <Text data-testid="destination">{t('account.confirm.sentTo', { destination: maskDestination(given) })}</Text>
        ) : kind === 'email' ? (
          <InputField name="email" type="email" label={t('account.fields.email')} autoComplete="email" error={fieldErrors.email} />
        ) : phone ? (
          <PhoneField name="phone" label={t('account.fields.phone')} settings={phone} error={fieldErrors.phone} />
        ) : null}
        <CodeField label={t('account.fields.code')} error={fieldErrors.code} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={t('account.confirm.busy')} data-testid="submit">
            {t('account.confirm.submit')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="lg"
            loading={resending}
            loadingText={t('account.confirm.resending')}
            onClick={(e) => resend(e.currentTarget.form)}
            data-testid="resend"
          >
            {t('account.confirm.resend')}
          </Button>
        </Stack>
      </Stack>
    </ScriptForm>
  );
}
