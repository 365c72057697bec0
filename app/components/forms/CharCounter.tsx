import { Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { charCount } from '#app/lib/forms/text';
import { counterId } from './Fields';

/** Quiet time before the count is announced: a reader hears it after a pause, not per keystroke. */
const ANNOUNCE_AFTER_MS = 900;


/**
 * The live length of an uncontrolled text control: start from its default value, follow its
 * input events. The form keeps posting the control's own value.
 */
export function useCharCount(defaultValue = '') {
  const [count, setCount] = useState(() => charCount(defaultValue));
  // A new default (the form shown again with the typed values after a failed post) resets it.
  useEffect(() => setCount(charCount(defaultValue)), [defaultValue]);
  const onInput = useCallback((e: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setCount(charCount(e.currentTarget.value)), []);
  return { count, onInput };
}

/**
 * "42 / 120" under a field with a length limit. It never stops typing (no maxLength): over the
 * limit it turns to the error colour and says so, and the server refuses the text with a field
 * error while keeping it. Screen readers get the count politely, once typing pauses.
 */
export function CharCounter({ form, name, count, max }: { form: string; name: string; count: number; max: number }) {
  const { t } = useTranslation();
  const over = count > max;
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(t(over ? 'forms.counter.over' : 'forms.counter.spoken', { count, max, extra: count - max })), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [count, max, over, t]);
  return (
    <>
      <Text
        id={counterId(form, name)}
        fontSize="sm"
        textAlign="end"
        alignSelf="flex-end"
        mt="1"
        color={over ? 'fg.error' : 'fg.muted'}
        fontWeight={over ? 'semibold' : 'normal'}
        fontVariantNumeric="tabular-nums"
        data-testid={`counter-${name}`}
        data-over={over || undefined}
      >
        <span aria-hidden="true">{t('forms.counter.visible', { count, max })}</span>
        <Text as="span" srOnly>
          {t('forms.counter.limit', { max })}
        </Text>
      </Text>
      <Text as="span" srOnly aria-live="polite" data-testid={`counter-${name}-live`}>
        {spoken}
      </Text>
    </>
  );
}
