import { Box, Field, Input, List, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from './password';
import type { TranslationKey } from '#app/lib/i18n/keys';

/** Password input with a show/hide toggle and, for new passwords, the pool's rules live-checked. */
export function PasswordField({
  name,
  label,
  error,
  autoComplete = 'current-password',
  showRules = false,
  defaultValue,
}: {
  name: string;
  label: string;
  /** Translation key of the error, if any. */
  error?: TranslationKey | null;
  autoComplete?: 'current-password' | 'new-password';
  showRules?: boolean;
  defaultValue?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState(defaultValue ?? '');
  const rulesId = `${id}-rules`;
  const errorId = `${id}-error`;
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={id} fontWeight="semibold">
        {label}
        <Field.RequiredIndicator ms="1" />
      </Field.Label>
      <Box position="relative" w="full">
        <Input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          size="lg"
          bg="bg"
          pe="20"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[showRules ? rulesId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
          data-testid={`input-${name}`}
        />
        <Box
          as="button"
          position="absolute"
          insetEnd="2"
          top="50%"
          transform="translateY(-50%)"
          px="2"
          py="1"
          fontSize="sm"
          fontWeight="semibold"
          color="brand.fg"
          borderRadius="l1"
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
          onClick={(e) => {
            e.preventDefault();
            setVisible((v) => !v);
          }}
          aria-pressed={visible}
          aria-controls={id}
          {...{ type: 'button' }}
        >
          {visible ? t('account.password.hide') : t('account.password.show')}
        </Box>
      </Box>
      {showRules ? (
        <List.Root id={rulesId} fontSize="sm" ps="0" gap="0.5" listStyleType="none" aria-label={t('account.password.rulesTitle')}>
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(value);
            return (
              <List.Item key={rule.key} color={met ? 'fg.success' : 'fg.muted'} data-met={met}>
                <Text as="span" aria-hidden="true" me="1.5">
                  {met ? '✓' : '•'}
                </Text>
                {t(rule.key)}
                <Text as="span" srOnly>
                  {met ? ` (${t('account.password.ruleMet')})` : ''}
                </Text>
              </List.Item>
            );
          })}
        </List.Root>
      ) : null}
      {error ? (
        <Field.ErrorText id={errorId} data-testid={`error-${name}`}>
          {t(error)}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
