/**
 * The part of a take to keep: a range with two handles (start and end), usable with the keyboard
 * (arrows a tenth of a second, Page Up / Page Down five seconds), and a sentence saying what is kept.
 */
import { Field, Slider, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatTimer } from '#app/lib/media/capture';
import { MIN_TRIM_SECONDS, trimProblem, type Trim } from '#app/lib/media/trim';

const STEP = 0.1;

export function TrimControl({ durationSeconds, value, onChange }: { durationSeconds: number; value: Trim; onChange: (trim: Trim) => void }) {
  const { t } = useTranslation();
  const max = Math.max(MIN_TRIM_SECONDS, Math.floor(durationSeconds * 10) / 10);
  const problem = trimProblem(value, max);
  const time = (s: number) => formatTimer(s * 1000) + (s % 1 ? `.${Math.round((s % 1) * 10)}` : '');
  return (
    <Field.Root invalid={problem !== null}>
      <Stack gap="2" width="full">
        <Slider.Root
          min={0}
          max={max}
          step={STEP}
          largeStep={5}
          minStepsBetweenThumbs={Math.round(MIN_TRIM_SECONDS / STEP)}
          value={[value.startSeconds, value.endSeconds]}
          onValueChange={(details) => {
            const [startSeconds = 0, endSeconds = max] = details.value;
            onChange({ startSeconds: Math.round(startSeconds * 10) / 10, endSeconds: Math.round(endSeconds * 10) / 10 });
          }}
          aria-label={[t('capture.trim.start'), t('capture.trim.end')]}
          getAriaValueText={(details) => time(details.value)}
          colorPalette="brand"
          data-testid="capture-trim"
        >
          <Slider.Label fontWeight="medium">{t('capture.trim.label')}</Slider.Label>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumb index={0} data-testid="capture-trim-start">
              <Slider.HiddenInput />
            </Slider.Thumb>
            <Slider.Thumb index={1} data-testid="capture-trim-end">
              <Slider.HiddenInput />
            </Slider.Thumb>
          </Slider.Control>
        </Slider.Root>
        <Text role="status" aria-live="polite" data-testid="capture-trim-summary">
          {t('capture.trim.summary', { start: time(value.startSeconds), end: time(value.endSeconds), length: time(Math.max(0, value.endSeconds - value.startSeconds)) })}
        </Text>
        {problem ? <Field.ErrorText>{t('capture.trim.tooShort')}</Field.ErrorText> : null}
        <Field.HelperText>{t('capture.trim.hint')}</Field.HelperText>
      </Stack>
    </Field.Root>
  );
}
