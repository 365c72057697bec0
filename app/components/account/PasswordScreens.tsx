import { Button, Stack } from '@chakra-ui/react';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { confirmResetPassword, resetPassword, updatePassword } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import { AuthLink, AuthLinks } from './AuthLinks';
import { AuthPage, Notice } from './AuthPage';
import { authErrorKey, authErrorName } from './errors';
import { CodeField, InputField } from './InputField';
import { PasswordField } from './PasswordField';
import { passwordMeetsRules } from './password';
import { PhoneField } from './PhoneField';
import { toE164 } from '#app/lib/account/phone';
import type { AccountScreenData } from '#app/lib/account/screen';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { ScriptForm } from '#app/components/forms/ScriptForm';

function useAsyncForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, TranslationKey>>({});
  return { busy, setBusy, error, setError, fieldErrors, setFieldErrors };
}

/**
 * /forgotPassword: asks for a reset code. Whatever the identity service says about the account,
 * the screen answers the same ("if an account exists, a code was sent") and moves on.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { title, phone } = useLoaderData<AccountScreenData>();
  const signIn = useRootData()?.tenant.signIn;
  const [method, setMethod] = useState<'email' | 'phone'>(signIn?.signInPreference === 'phone' && phone ? 'phone' : 'email');
  const f = useAsyncForm();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const errors: Record<string, TranslationKey> = {};
    let username = '';
    if (method === 'email') {
      username = String(form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username)) errors.email = username ? 'account.errors.email' : 'account.errors.required';
    } else {
      const checked = toE164(String(form.get('phoneCountry') ?? ''), String(form.get('phone') ?? ''));
      if (checked.ok) username = checked.e164;
      else errors.phone = checked.error;
    }
    f.setFieldErrors(errors);
    f.setError(null);
    if (Object.keys(errors).length) return;
    f.setBusy(true);
    try {
      await resetPassword({ username });
    } catch (e) {
      const name = authErrorName(e);
      // Only a rate limit or an outage is worth telling; "no such user" must look like success.
      if (['LimitExceededException', 'TooManyRequestsException', 'NetworkError', 'ServiceUnavailableException'].includes(name)) {
        f.setError(authErrorKey(e, 'reset'));
        f.setBusy(false);
        return;
      }
    }
    navigate(`/passwordRecovery?username=${encodeURIComponent(username)}&notice=sent`);
  }

  return (
    <AuthPage title={title} lead={t('account.forgot.lead')} testId="forgot-screen">
      <ScriptForm onSubmit={onSubmit}>
        <Stack gap="5">
          {f.error ? <Notice status="error" testId="form-error">{t(f.error)}</Notice> : null}
          {method === 'phone' && phone ? (
            <PhoneField name="phone" label={t('account.fields.phone')} settings={phone} error={f.fieldErrors.phone} />
          ) : (
            <InputField name="email" type="email" label={t('account.fields.email')} autoComplete="username" error={f.fieldErrors.email} />
          )}
          {signIn?.email && signIn.phone && phone ? (
            <Button type="button" variant="plain" alignSelf="flex-start" px="0" color="brand.fg" onClick={() => setMethod(method === 'email' ? 'phone' : 'email')}>
              {t(method === 'email' ? 'account.forgot.usePhone' : 'account.forgot.useEmail')}
            </Button>
          ) : null}
          <Button type="submit" colorPalette="brand" size="lg" loading={f.busy} loadingText={t('account.forgot.busy')} data-testid="submit">
            {t('account.forgot.submit')}
          </Button>
        </Stack>
      </ScriptForm>
      <AuthLinks>
        <AuthLink to="/signIn">{t('account.forgot.back')}</AuthLink>
      </AuthLinks>
    </AuthPage>
  );
}

/** /passwordRecovery: the code and a new password (confirmResetPassword). */
export function PasswordRecoveryScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { title, query } = useLoaderData<AccountScreenData>();
  const f = useAsyncForm();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = (query.username ?? String(form.get('username') ?? '')).trim();
    const code = String(form.get('code') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const confirm = String(form.get('confirmPassword') ?? '');
    const errors: Record<string, TranslationKey> = {};
    if (!username) errors.username = 'account.errors.required';
    if (!/^\d{6}$/.test(code)) errors.code = 'account.errors.code';
    if (!passwordMeetsRules(password)) errors.password = 'account.errors.passwordPolicy';
    if (password !== confirm) errors.confirmPassword = 'account.errors.passwordMismatch';
    f.setFieldErrors(errors);
    f.setError(null);
    if (Object.keys(errors).length) return;
    f.setBusy(true);
    try {
      await confirmResetPassword({ username, confirmationCode: code, newPassword: password });
      navigate(`/signIn?notice=reset${username.includes('@') ? `&username=${encodeURIComponent(username)}` : ''}`);
      return;
    } catch (e) {
      f.setError(authErrorKey(e, 'reset'));
    }
    f.setBusy(false);
  }

  return (
    <AuthPage title={title} lead={t('account.recovery.lead')} testId="recovery-screen">
      <ScriptForm onSubmit={onSubmit}>
        <Stack gap="5">
          {query.notice === 'sent' ? <Notice status="info" testId="recovery-sent">{t('account.forgot.sent')}</Notice> : null}
          {f.error ? <Notice status="error" testId="form-error">{t(f.error)}</Notice> : null}
          {query.username ? null : <InputField name="username" label={t('account.fields.emailOrPhone')} autoComplete="username" error={f.fieldErrors.username} />}
          <CodeField label={t('account.fields.code')} error={f.fieldErrors.code} />
          <PasswordField name="password" label={t('account.fields.newPassword')} autoComplete="new-password" showRules error={f.fieldErrors.password} />
          <PasswordField name="confirmPassword" label={t('account.fields.confirmPassword')} autoComplete="new-password" error={f.fieldErrors.confirmPassword} />
          <Button type="submit" colorPalette="brand" size="lg" loading={f.busy} loadingText={t('account.recovery.busy')} data-testid="submit">
            {t('account.recovery.submit')}
          </Button>
        </Stack>
      </ScriptForm>
      <AuthLinks>
        <AuthLink to="/forgotPassword">{t('account.recovery.again')}</AuthLink>
      </AuthLinks>
    </AuthPage>
  );
}

/** /changePassword: current and new password (updatePassword). */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const { title } = useLoaderData<AccountScreenData>();
  const f = useAsyncForm();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const oldPassword = String(form.get('oldPassword') ?? '');
    const newPassword = String(form.get('password') ?? '');
    const confirm = String(form.get('confirmPassword') ?? '');
    const errors: Record<string, TranslationKey> = {};
    if (!oldPassword) errors.oldPassword = 'account.errors.required';
    if (!passwordMeetsRules(newPassword)) errors.password = 'account.errors.passwordPolicy';
    else if (newPassword === oldPassword) errors.password = 'account.errors.passwordSame';
    if (newPassword !== confirm) errors.confirmPassword = 'account.errors.passwordMismatch';
    f.setFieldErrors(errors);
    f.setError(null);
    setDone(false);
    if (Object.keys(errors).length) return;
    f.setBusy(true);
    try {
      await updatePassword({ oldPassword, newPassword });
      setDone(true);
    } catch (e) {
      f.setError(authErrorKey(e, 'changePassword'));
    }
    f.setBusy(false);
  }

  return (
    <AuthPage title={title} lead={t('account.changePassword.lead')} testId="change-password-screen">
      {done ? (
        <Stack gap="4">
          <Notice status="success" testId="change-password-done">{t('account.changePassword.done')}</Notice>
          <AuthLink to="/">{t('account.common.home')}</AuthLink>
        </Stack>
      ) : (
        <ScriptForm onSubmit={onSubmit}>
          <Stack gap="5">
            {f.error ? <Notice status="error" testId="form-error">{t(f.error)}</Notice> : null}
            <PasswordField name="oldPassword" label={t('account.fields.currentPassword')} error={f.fieldErrors.oldPassword} />
            <PasswordField name="password" label={t('account.fields.newPassword')} autoComplete="new-password" showRules error={f.fieldErrors.password} />
            <PasswordField name="confirmPassword" label={t('account.fields.confirmPassword')} autoComplete="new-password" error={f.fieldErrors.confirmPassword} />
            <Button type="submit" colorPalette="brand" size="lg" loading={f.busy} loadingText={t('account.changePassword.busy')} data-testid="submit">
              {t('account.changePassword.submit')}
            </Button>
          </Stack>
        </ScriptForm>
      )}
      <AuthLinks>
        <AuthLink to="/forgotPassword">{t('account.signIn.forgot')}</AuthLink>
      </AuthLinks>
    </AuthPage>
  );
}
