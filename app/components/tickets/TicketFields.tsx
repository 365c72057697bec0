import { Box, SimpleGrid } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '#app/components/schedule/fields';
import { ADMISSIONS, MAX_CAPACITY, type TicketFormField, type TicketFormValues } from '#app/lib/tickets/eventPricing';

export interface TicketFieldsProps {
  form: string;
  values: TicketFormValues;
  currency: string;
  /** Already translated errors by field. */
  errors: Partial<Record<TicketFormField, string>>;
}

/** Admission of the event form: free or paid (with its price), capacity and the replay's own price. */
export function TicketFields({ form, values, currency, errors }: TicketFieldsProps) {
  const { t } = useTranslation();
  const [admission, setAdmission] = useState(values.admission === 'paid' ? 'paid' : 'free');
  const watch = (e: FormEvent<HTMLDivElement>) => {
    const target = e.target as HTMLSelectElement;
    if (target.name === 'admission') setAdmission(target.value);
  };
  return (
    <Box onChange={watch}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <SelectInput
          form={form}
          name="admission"
          label={t('tickets.form.pricing')}
          required
          defaultValue={admission}
          error={errors.admission}
          options={ADMISSIONS.map((a) => ({ value: a, label: t(`tickets.form.${a}`) }))}
        />
        {admission === 'paid' ? (
          <TextInput
            form={form}
            name="ticketPrice"
            label={t('tickets.form.ticketPrice', { currency })}
            required
            defaultValue={values.ticketPrice}
            error={errors.ticketPrice}
            help={t('tickets.form.ticketPriceHelp')}
            inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
          />
        ) : (
          <input type="hidden" name="ticketPrice" value={values.ticketPrice} />
        )}
        <TextInput
          form={form}
          name="capacity"
          label={t('tickets.form.capacity')}
          defaultValue={values.capacity}
          error={errors.capacity}
          help={t('tickets.form.capacityHelp')}
          inputProps={{ inputMode: 'numeric', autoComplete: 'off', max: MAX_CAPACITY }}
        />
        <TextInput
          form={form}
          name="replayPrice"
          label={t('tickets.form.replayPrice', { currency })}
          defaultValue={values.replayPrice}
          error={errors.replayPrice}
          help={t('tickets.form.replayPriceHelp')}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
        />
      </SimpleGrid>
    </Box>
  );
}
