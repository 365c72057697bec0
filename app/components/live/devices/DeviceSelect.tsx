import { Field, NativeSelect } from '@chakra-ui/react';

/** One device list (camera, microphone or speaker); an unknown value shows the first device. */
export function DeviceSelect({
  id,
  label,
  value,
  options,
  onPick,
  testId,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: Array<{ value: string; label: string }>;
  onPick: (value: string) => void;
  testId: string;
}) {
  const current = options.some((o) => o.value === value) ? value : options[0]?.value;
  return (
    <Field.Root>
      <Field.Label htmlFor={id} fontWeight="semibold">
        {label}
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={current ?? ''} onChange={(e) => onPick(e.currentTarget.value)} bg="bg" data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
