/**
 * The range form of the Analytics tab: from, to and (when there is a choice) the channel, sent as
 * a GET so the address names what is shown. The server checks the dates and answers field errors.
 */
import { Box, Button, Field, Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS } from '#app/lib/analytics/days';
import type { RangeAnalytics } from '#app/lib/analytics/range';

/** One day of the range, with its field error under it. */
function DateField({ name, label, value, error }: { name: 'from' | 'to'; label: string; value: string; error: string | null }) {
  return (
    <Field.Root invalid={Boolean(error)} maxW={{ md: '44' }}>
      <Field.Label htmlFor={`range-${name}`}>{label}</Field.Label>
      <Input
        size="sm"
        id={`range-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `range-${name}-error` : undefined}
        data-testid={`range-${name}`}
      />
      {error ? (
        <Field.ErrorText id={`range-${name}-error`} data-testid={`range-${name}-error`}>
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}

export function RangeForm({ data, busy }: { data: RangeAnalytics; busy: boolean }) {
  const { t } = useTranslation();
  const error = (field: 'from' | 'to') => {
    const e = data.errors[field];
    return e ? t(`rangeAnalytics.form.errors.${e}`, { days: MAX_RANGE_DAYS }) : null;
  };
  const choices = data.channels.length > 0;
  return (
    <Form method="get" action="/userDashboard" preventScrollReset data-testid="range-form" noValidate>
      <input type="hidden" name="tab" value="Analytics" />
      <input type="hidden" name="top" value={data.top} />
      <Fieldset.Root>
        <Fieldset.Legend srOnly>{t('rangeAnalytics.form.legend')}</Fieldset.Legend>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }} flexWrap="wrap">
          <DateField name="from" label={t('rangeAnalytics.form.from')} value={data.from} error={error('from')} />
          <DateField name="to" label={t('rangeAnalytics.form.to')} value={data.to} error={error('to')} />
          {choices || data.wholeSite ? (
            <Field.Root maxW={{ md: '64' }}>
              <Field.Label htmlFor="range-channel">{t('rangeAnalytics.form.channel')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field id="range-channel" name="channel" defaultValue={data.channelId ?? ''} data-testid="range-channel">
                  <option value="">{data.wholeSite ? t('rangeAnalytics.form.wholeSite') : t('rangeAnalytics.form.myEvents')}</option>
                  {data.channels.map((c) => (
                    <option key={c.channelId} value={c.channelId}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
          <Box>
            <Button type="submit" colorPalette="brand" size="sm" loading={busy} data-testid="range-submit">
              {t('rangeAnalytics.form.show')}
            </Button>
          </Box>
        </Stack>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('rangeAnalytics.form.utc', { days: MAX_RANGE_DAYS })}
          {data.channelId ? ` ${t('rangeAnalytics.channelNote')}` : ''}
        </Text>
      </Fieldset.Root>
    </Form>
  );
}
