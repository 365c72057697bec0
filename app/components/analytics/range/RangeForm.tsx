/**
 * The range form of the Analytics tab: from, to and (when there is a choice) the channel, sent as
 * a GET so the address names what is shown. The server checks the dates and answers field errors.
 */
import { Box, Button, Field, Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS } from '#app/lib/analytics/days';
import type { RangeAnalytics } from '#app/lib/analytics/range';

export function RangeForm({ data, busy }: { data: RangeAnalytics; busy: boolean }) {
  const { t } = useTranslation();
  const error = (field: 'from' | 'to') => {
    const e = data.errors[field];
    return e ? t(`rangeAnalytics.form.errors.${e}`, { days: MAX_RANGE_DAYS }) : null;
  };
  const fromError = error('from');
  const toError = error('to');
  const choices = data.channels.length > 0;
  return (
    <Form method="get" action="/userDashboard" preventScrollReset data-testid="range-form" noValidate>
      <input type="hidden" name="tab" value="Analytics" />
      <input type="hidden" name="top" value={data.top} />
      <Fieldset.Root>
        <Fieldset.Legend srOnly>{t('rangeAnalytics.form.legend')}</Fieldset.Legend>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }} flexWrap="wrap">
          <Field.Root invalid={Boolean(fromError)} maxW={{ md: '44' }}>
            <Field.Label htmlFor="range-from">{t('rangeAnalytics.form.from')}</Field.Label>
            <Input
              size="sm"
              id="range-from"
              name="from"
              type="date"
              defaultValue={data.from}
              aria-invalid={fromError ? true : undefined}
              aria-describedby={fromError ? 'range-from-error' : undefined}
              data-testid="range-from"
            />
            {fromError ? (
              <Field.ErrorText id="range-from-error" data-testid="range-from-error">
                {fromError}
              </Field.ErrorText>
            ) : null}
          </Field.Root>
          <Field.Root invalid={Boolean(toError)} maxW={{ md: '44' }}>
            <Field.Label htmlFor="range-to">{t('rangeAnalytics.form.to')}</Field.Label>
            <Input
              size="sm"
              id="range-to"
              name="to"
              type="date"
              defaultValue={data.to}
              aria-invalid={toError ? true : undefined}
              aria-describedby={toError ? 'range-to-error' : undefined}
              data-testid="range-to"
            />
            {toError ? (
              <Field.ErrorText id="range-to-error" data-testid="range-to-error">
                {toError}
              </Field.ErrorText>
            ) : null}
          </Field.Root>
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
