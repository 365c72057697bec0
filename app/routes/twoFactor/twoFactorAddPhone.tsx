import { Alert, Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import { sendUserAttributeVerificationCode, updateUserAttributes } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toE164 } from '#app/lib/account/phone';
import { twoFactorErrorKey } from '#app/components/twoFactor/errors';
import { TwoFactorLayout } from '#app/components/twoFactor/TwoFactorLayout';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './twoFactorAddPhone.server';
import { i18nHandle } from '#app/lib/handles';
import { ScriptForm } from '#app/components/forms/ScriptForm';

export { loader } from './twoFactorAddPhone.server';
export const handle = i18nHandle('account', 'twoFactor');

/** /twoFactorAddPhone: the number for SMS codes (country picker, E.164), then /twoFactorVerifyPhone. */
export default function TwoFactorAddPhone() {
  const { t } = useTranslation();
  const { title, phone } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [country, setCountry] = useState(phone.defaultCountry);
  const [number, setNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const check = toE164(country, number);
    if (!check.ok) {
      setFieldError(t(check.error === 'account.errors.phoneRequired' ? 'twoFactor.errors.phoneRequired' : 'twoFactor.errors.phoneInvalid'));
      return;
    }
    setFieldError(null);
    setSaving(true);
    try {
      const result = await updateUserAttributes({ userAttributes: { phone_number: check.e164 } });
      // Pools that do not auto-verify phone numbers send no code on update: ask for one.
      if (result.phone_number?.nextStep.updateAttributeStep !== 'CONFIRM_ATTRIBUTE_WITH_CODE') {
        await sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      }
      navigate(`/twoFactorVerifyPhone?phone=${encodeURIComponent(check.e164)}`);
    } catch (e) {
      setError(t(`twoFactor.errors.${twoFactorErrorKey(e)}`));
      setSaving(false);
    }
  }

  return (
    <TwoFactorLayout title={title} lead={t('twoFactor.addPhone.lead')}>
      {error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      <ScriptForm onSubmit={submit}>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{t('twoFactor.addPhone.country')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="country" value={country} onChange={(e) => setCountry(e.target.value)} data-testid="phone-country">
                {phone.countries.map((c, i) => (
                  <option key={c.code} value={c.code} data-preferred={i < phone.preferredCount ? 'true' : undefined}>
                    {c.name} ({c.dial})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(fieldError)} required>
            <Field.Label>{t('twoFactor.addPhone.number')}</Field.Label>
            <Input name="phone" type="tel" autoComplete="tel-national" inputMode="tel" value={number} onChange={(e) => setNumber(e.target.value)} data-testid="phone-number" />
            {fieldError ? <Field.ErrorText>{fieldError}</Field.ErrorText> : <Field.HelperText>{t('twoFactor.addPhone.help')}</Field.HelperText>}
          </Field.Root>
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={saving} loadingText={t('twoFactor.addPhone.sending')}>
              {t('twoFactor.addPhone.submit')}
            </Button>
            <Button asChild variant="ghost">
              <Link to="/twoFactorEnrollment">{t('twoFactor.back')}</Link>
            </Button>
          </HStack>
        </Stack>
      </ScriptForm>
    </TwoFactorLayout>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
