import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { signUp } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import { Notice } from './AuthPage';
import { authErrorKey } from './errors';
import { InputField } from './InputField';
import { PasswordField } from './PasswordField';
import { passwordMeetsRules } from './password';
import { PhoneField } from './PhoneField';
import { toE164, type PhoneSettings } from '#app/lib/account/phone';
import { NAME_MAX } from '#app/lib/account/fieldErrors';
import { charCount } from '#app/lib/forms/text';
import { withRedirect } from './redirect';
import { TermsCheckbox } from './TermsCheckbox';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { ScriptForm } from '#app/components/forms/ScriptForm';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Email or phone sign-up. The username is the email address or the E.164 phone number; the
 * attributes carry the names and `custom:tenantId` (the identity gateway enforces it as well).
 * Amplify's autoSignIn is armed, so the code screen can sign the new user in directly.
 */
export function SignUpForm({
  kind,
  phone,
  redirectTo,
  next,
}: {
  kind: 'email' | 'phone';
  phone?: PhoneSettings | null;
  redirectTo: string;
  /** Where the code screen is: /signUpEmailSender, /ssoSignUpEmailSender or /verifyPhoneNumber. */
  next: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const root = useRootData();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TranslationKey | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, TranslationKey>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const givenName = String(form.get('givenName') ?? '').trim();
    const familyName = String(form.get('familyName') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const errors: Record<string, TranslationKey> = {};
    if (!givenName) errors.givenName = 'account.errors.required';
    else if (charCount(givenName) > NAME_MAX) errors.givenName = 'account.errors.tooLong';
    if (!familyName) errors.familyName = 'account.errors.required';
    else if (charCount(familyName) > NAME_MAX) errors.familyName = 'account.errors.tooLong';
    let username = '';
    if (kind === 'email') {
      username = String(form.get('email') ?? '').trim().toLowerCase();
      if (!username) errors.email = 'account.errors.required';
      else if (!EMAIL.test(username)) errors.email = 'account.errors.email';
    } else {
      const checked = toE164(String(form.get('phoneCountry') ?? ''), String(form.get('phone') ?? ''));
      if (checked.ok) username = checked.e164;
      else errors.phone = checked.error;
    }
    if (!password) errors.password = 'account.errors.required';
    else if (!passwordMeetsRules(password)) errors.password = 'account.errors.passwordPolicy';
    if (form.get('terms') !== 'on') errors.terms = 'account.errors.terms';
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      const attributes: Record<string, string> = {
        given_name: givenName,
        family_name: familyName,
        'custom:tenantId': root?.tenant.id ?? '',
      };
      if (kind === 'email') attributes.email = username;
      else attributes.phone_number = username;
      const { nextStep } = await signUp({
        username,
        password,
        // The terms were accepted above: the gateway keeps that and the names as the new profile, so /registerMe does not ask again.
        options: { userAttributes: attributes, clientMetadata: { acceptedTerms: 'true' }, autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' } },
      });
      if (nextStep.signUpStep === 'DONE') {
        navigate(withRedirect('/signIn?notice=created', redirectTo));
        return;
      }
      const param = kind === 'email' ? `email=${encodeURIComponent(username)}` : `phone=${encodeURIComponent(username)}`;
      navigate(withRedirect(`${next}?${param}`, redirectTo));
      return;
    } catch (e) {
      setError(authErrorKey(e, 'signUp'));
    }
    setBusy(false);
  }

  return (
    <ScriptForm onSubmit={onSubmit} testId={`sign-up-${kind}-form`}>
      <Stack gap="5">
        {error ? <Notice status="error" testId="form-error">{t(error)}</Notice> : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <InputField name="givenName" label={t('account.fields.givenName')} autoComplete="given-name" error={fieldErrors.givenName} />
          <InputField name="familyName" label={t('account.fields.familyName')} autoComplete="family-name" error={fieldErrors.familyName} />
        </SimpleGrid>
        {kind === 'email' ? (
          <InputField name="email" type="email" label={t('account.fields.email')} autoComplete="email" error={fieldErrors.email} />
        ) : phone ? (
          <PhoneField name="phone" label={t('account.fields.phone')} settings={phone} error={fieldErrors.phone} />
        ) : null}
        <PasswordField name="password" label={t('account.fields.newPassword')} autoComplete="new-password" showRules error={fieldErrors.password} />
        <TermsCheckbox error={fieldErrors.terms} />
        <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText={t('account.signUp.busy')} data-testid="submit">
          {t('account.signUp.submit')}
        </Button>
      </Stack>
    </ScriptForm>
  );
}
