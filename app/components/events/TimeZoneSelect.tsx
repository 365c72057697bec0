import { Field, NativeSelect } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Every IANA zone the browser knows, with the viewer's own first. Browser only (Intl.supportedValuesOf). */
export function TimeZoneSelect({ value, browserZone, onChange }: { value: string; browserZone: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return all.filter((z) => z !== browserZone);
  }, [browserZone]);
  return (
    <Field.Root maxW={{ md: '22rem' }}>
      <Field.Label fontWeight="semibold">{t('events.calendar.zoneLabel')}</Field.Label>
      <NativeSelect.Root size="md">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} bg="bg" data-testid="zone-select">
          <option value={browserZone}>{t('events.calendar.zoneYours', { zone: browserZone })}</option>
          {value !== browserZone && !zones.includes(value) ? <option value={value}>{value}</option> : null}
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
