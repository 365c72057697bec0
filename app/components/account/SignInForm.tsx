import { Button, Stack, Tabs } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { signIn, signOut, type SignInOutput } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from './AuthPage';
import { authErrorKey, authErrorName } from './errors';
import { InputField } from './InputField';
import { PasswordField } from './PasswordField';
import { PhoneField } from './PhoneField';
import { toE164, type PhoneSettings } from '#app/lib/account/phone';
import { withRedirect } from './redirect';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { ScriptForm } from '#app/components/forms/ScriptForm';

export type SignInMethod = 'email' | 'phone';

const SECOND_FACTOR_STEPS = new Set([
  'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  'CONFIRM_SIGN_IN_WITH_SMS_CODE',
  'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
  'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
  'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
  'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
  'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP',
]);

/** USER_PASSWORD_AUTH: the local identity service has no SRP (docs/ARCHITECTURE.md, Local stack). */
async function passwordSignIn(username: string, password: string): Promise<SignInOutput> {
  const run = () => signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  try {
    return await run();
  } catch (e) {
    // Amplify still holds tokens the server no longer accepts (we are on the sign-in screen, so
    // the server saw no valid session): drop them locally and sign in afresh.
    if (authErrorName(e) !== 'UserAlreadyAuthenticatedException') throw e;
    await signOut().catch(() => undefined);
    return run();
  }
}

/**
 * Email or phone + password. Methods are the tenant's enabled ones, its preference first.
 * DONE reloads the page at `redirectTo` so every loader sees the new session cookies; a second
 * factor continues on /twoFactorSignInVerify by client navigation (Amplify keeps the challenge in
 * memory); an unconfirmed account goes to its code screen.
 */
export function SignInForm({ methods, phone, redirectTo, defaultUsername }: { methods: SignInMethod[]; phone: PhoneSettings | null; redirectTo: string; defaultUsername?: string }) {
  // Coming back with a known email address (after a reset or a confirmation): start on email.
  const initial: SignInMethod = defaultUsername && methods.includes('email') ? 'email' : (methods[0] ?? 'email');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [method, setMethod] = useState<SignInMethod>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, TranslationKey>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const errors: Record<string, TranslationKey> = {};
    let username = '';
    if (method === 'email') {
      username = String(form.get('email') ?? '').trim().toLowerCase();
      if (!username) errors.email = 'account.errors.required';
      else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username)) errors.email = 'account.errors.email';
    } else {
      const checked = toE164(String(form.get('phoneCountry') ?? ''), String(form.get('phone') ?? ''));
      if (checked.ok) username = checked.e164;
      else errors.phone = checked.error;
    }
    if (!password) errors.password = 'account.errors.required';
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const { nextStep } = await passwordSignIn(username, password);
      const step = nextStep.signInStep;
      if (step === 'DONE') {
        window.location.assign(redirectTo);
        return;
      }
      if (SECOND_FACTOR_STEPS.has(step)) {
        navigate(`/twoFactorSignInVerify?redirectTo=${encodeURIComponent(redirectTo)}`);
        return;
      }
      if (step === 'CONFIRM_SIGN_UP') {
        navigate(
          method === 'phone'
            ? withRedirect(`/verifyPhoneNumber?phone=${encodeURIComponent(username)}`, redirectTo)
            : withRedirect(`/signUpAuth?username=${encodeURIComponent(username)}`, redirectTo),
        );
        return;
      }
      if (step === 'RESET_PASSWORD') {
        navigate(`/passwordRecovery?username=${encodeURIComponent(username)}`);
        return;
      }
      setError('account.errors.generic');
    } catch (e) {
      setError(authErrorKey(e, 'signIn'));
    }
    setBusy(false);
  }

  const usernameField =
    method === 'phone' && phone ? (
      <PhoneField key="phone" name="phone" label={t('account.fields.phone')} settings={phone} error={fieldErrors.phone} />
    ) : (
      <InputField key="email" name="email" type="email" label={t('account.fields.email')} autoComplete="username" defaultValue={defaultUsername} error={fieldErrors.email} />
    );

  return (
    <ScriptForm onSubmit={onSubmit} testId="sign-in-form">
      <Stack gap="5">
        {error ? <Notice status="error" testId="form-error">{t(error)}</Notice> : null}
        {methods.length > 1 ? (
          <Tabs.Root value={method} onValueChange={(d) => setMethod(d.value as SignInMethod)} variant="enclosed" fitted>
            <Tabs.List aria-label={t('account.signIn.methodLabel')}>
              {methods.map((m) => (
                <Tabs.Trigger key={m} value={m} data-testid={`method-${m}`}>
                  {t(`account.signIn.with.${m}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {/* Each tab controls a panel (its aria-controls names one); only the chosen one holds the field. */}
            {methods.map((m) => (
              <Tabs.Content key={m} value={m} pt="5" pb="0">
                {m === method ? usernameField : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        ) : (
          usernameField
        )}
        <PasswordField name="password" label={t('account.fields.password')} error={fieldErrors.password} />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={t('account.signIn.busy')} data-testid="submit">
          {t('account.signIn.submit')}
        </Button>
      </Stack>
    </ScriptForm>
  );
}
