/**
 * A channel's consultations, in the dashboard's channel editing (Shop → Channels → a channel →
 * Consultations): on/off, weekly times in the organizer's zone, slot length, the fee typed in
 * major units, and the free-cancellation rule. Reads and saves /api/consultations/availability;
 * every field error at once, in a focused summary and beside its field; what was typed is kept
 * whole (the rules are counted against their limit, never cut off).
 */
import { Alert, Button, Field, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { Info } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyIn } from '#app/lib/i18n/keys';
import { useRootData } from '#app/lib/rootData';
import { CONSULT_LIMITS, SLOT_LENGTHS } from '#app/lib/tickets/consultations';
import { CharCounter } from '#app/components/forms/CharCounter';
import { charCount } from '#app/lib/forms/text';
import { ErrorSummary } from '#app/components/forms/ErrorSummary';
import { controlId, counterId, errorId } from '#app/components/forms/Fields';

type Window = { weekday: number; from: string; to: string };
type Field = 'timeZone' | 'slotMinutes' | 'fee' | 'cancellationHours' | 'rules' | 'weekly';
type Errors = Partial<Record<Field, KeyIn<'tickets.consult.errors'>>>;
interface Settings {
  enabled: boolean;
  timeZone: string;
  slotMinutes: number;
  fee: string;
  cancellationHours: string;
  rules: string;
  weekly: Window[];
}
type Answer =
  | { ok: true; currency: string; availability: (Omit<Settings, 'cancellationHours'> & { cancellationHours: number }) | null }
  | { ok: false; message: string; fieldErrors?: Errors };

const browserZone = () => (typeof Intl === 'undefined' ? 'UTC' : Intl.DateTimeFormat().resolvedOptions().timeZone);
const URL_BASE = '/api/consultations/availability';

export function ConsultationSettings({ channelId, onClose }: { channelId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  // Ids from the channel (letters, digits, - and _), so the summary's #links reach the fields.
  const id = `consult-${channelId}`;
  const [settings, setSettings] = useState<Settings | null>(null);
  const [currency, setCurrency] = useState('');
  const [loadFailed, setLoadFailed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // A new object on every failed save: the error summary takes the focus each time.
  const [failure, setFailure] = useState<object | null>(null);
  const [busy, setBusy] = useState(false);
  const weekdays = useMemo(() => Info.weekdays('long', { locale }), [locale]);
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);

  useEffect(() => {
    let live = true;
    fetch(`${URL_BASE}?channel=${encodeURIComponent(channelId)}`, { headers: { Accept: 'application/json' } })
      .then(async (res) => (await res.json()) as Answer)
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setLoadFailed(true);
        setCurrency(answer.currency);
        const a = answer.availability;
        setSettings(
          a
            ? { ...a, cancellationHours: String(a.cancellationHours) }
            : { enabled: true, timeZone: browserZone(), slotMinutes: 30, fee: '', cancellationHours: '24', rules: '', weekly: [{ weekday: 1, from: '09:00', to: '12:00' }] },
        );
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [channelId]);

  if (loadFailed) return <Text color="fg.error">{t('tickets.consult.settings.loadFailed')}</Text>;
  if (!settings) return <Text color="fg.muted">{t('tickets.consult.settings.loading')}</Text>;

  const set = (patch: Partial<Settings>) => setSettings({ ...settings, ...patch });
  const setWindow = (index: number, patch: Partial<Window>) => set({ weekly: settings.weekly.map((w, i) => (i === index ? { ...w, ...patch } : w)) });
  const err = (field: Field) => (errors[field] ? t(errors[field], CONSULT_LIMITS) : undefined);
  const labels: Record<Field, string> = {
    timeZone: t('tickets.consult.settings.timeZone'),
    slotMinutes: t('tickets.consult.settings.slotMinutes'),
    fee: t('tickets.consult.settings.fee', { currency }),
    cancellationHours: t('tickets.consult.settings.cancellationHours'),
    rules: t('tickets.consult.settings.rules'),
    weekly: t('tickets.consult.settings.windows'),
  };
  const summary = (Object.keys(labels) as Field[]).flatMap((field): Array<[string, string]> => (errors[field] ? [[field, err(field)!]] : []));
  /** aria-* of a control with an error or a counter (otherwise the field's own wiring stands). */
  const describedBy = (field: Field, extra?: string) => {
    const ids = [extra, errors[field] ? errorId(id, field) : undefined].filter(Boolean).join(' ');
    return ids ? { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids } : {};
  };

  const save = async () => {
    setBusy(true);
    setMessage(null);
    setFailure(null);
    const hours = Number(settings.cancellationHours);
    const body = { channelId, ...settings, cancellationHours: settings.cancellationHours.trim() === '' || !Number.isFinite(hours) ? -1 : hours };
    let answer: Answer;
    try {
      const res = await fetch(URL_BASE, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
      answer = ((await res.json().catch(() => null)) as Answer | null) ?? { ok: false, message: t('tickets.consult.errors.failed') };
    } catch {
      answer = { ok: false, message: t('tickets.consult.errors.failed') };
    }
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setMessage({ ok: true, text: t(settings.enabled ? 'tickets.consult.settings.saved' : 'tickets.consult.settings.savedOff') });
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    setMessage({ ok: false, text: answer.fieldErrors && Object.keys(answer.fieldErrors).length ? t('forms.fixErrors') : answer.message });
    setFailure({});
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
      data-testid="consult-settings"
    >
      <Stack gap="4" maxW="2xl">
        <Text color="fg.muted">{t('tickets.consult.settings.lead')}</Text>
        <Switch.Root checked={settings.enabled} onCheckedChange={(d) => set({ enabled: d.checked })} data-testid="consult-settings-enabled">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('tickets.consult.settings.enabled')}</Switch.Label>
        </Switch.Root>
        <Field.Root invalid={!!err('timeZone')}>
          <Field.Label htmlFor={controlId(id, 'timeZone')}>{t('tickets.consult.settings.timeZone')}</Field.Label>
          <Input id={controlId(id, 'timeZone')} list={`${id}-zones`} value={settings.timeZone} onChange={(e) => set({ timeZone: e.target.value })} autoComplete="off" spellCheck={false} {...describedBy('timeZone')} />
          <datalist id={`${id}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          {err('timeZone') ? <Field.ErrorText id={errorId(id, 'timeZone')} data-testid="error-timeZone">{err('timeZone')}</Field.ErrorText> : null}
        </Field.Root>
        <Stack direction={{ base: 'column', md: 'row' }} gap="4">
          <Field.Root invalid={!!err('slotMinutes')}>
            <Field.Label htmlFor={controlId(id, 'slotMinutes')}>{t('tickets.consult.settings.slotMinutes')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field id={controlId(id, 'slotMinutes')} value={String(settings.slotMinutes)} onChange={(e) => set({ slotMinutes: Number(e.target.value) })}>
                {SLOT_LENGTHS.map((m) => (
                  <option key={m} value={m}>
                    {t('tickets.consult.settings.minutes', { minutes: m })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!err('fee')} required>
            <Field.Label htmlFor={controlId(id, 'fee')}>{t('tickets.consult.settings.fee', { currency })}</Field.Label>
            <Input id={controlId(id, 'fee')} inputMode="decimal" value={settings.fee} onChange={(e) => set({ fee: e.target.value })} {...describedBy('fee')} />
            {err('fee') ? <Field.ErrorText id={errorId(id, 'fee')} data-testid="error-fee">{err('fee')}</Field.ErrorText> : <Field.HelperText>{t('tickets.consult.settings.feeHelp')}</Field.HelperText>}
          </Field.Root>
        </Stack>
        <Field.Root invalid={!!err('cancellationHours')}>
          <Field.Label htmlFor={controlId(id, 'cancellationHours')}>{t('tickets.consult.settings.cancellationHours')}</Field.Label>
          <Input id={controlId(id, 'cancellationHours')} inputMode="numeric" value={settings.cancellationHours} onChange={(e) => set({ cancellationHours: e.target.value })} maxW="40" {...describedBy('cancellationHours')} />
          {err('cancellationHours') ? <Field.ErrorText id={errorId(id, 'cancellationHours')} data-testid="error-cancellationHours">{err('cancellationHours')}</Field.ErrorText> : <Field.HelperText>{t('tickets.consult.settings.cancellationHelp')}</Field.HelperText>}
        </Field.Root>
        <Field.Root invalid={!!err('rules')}>
          <Field.Label htmlFor={controlId(id, 'rules')}>{t('tickets.consult.settings.rules')}</Field.Label>
          <Textarea id={controlId(id, 'rules')} rows={2} value={settings.rules} onChange={(e) => set({ rules: e.target.value })} {...describedBy('rules', counterId(id, 'rules'))} />
          <CharCounter form={id} name="rules" count={charCount(settings.rules)} max={CONSULT_LIMITS.rulesMax} />
          {err('rules') ? <Field.ErrorText id={errorId(id, 'rules')} data-testid="error-rules">{err('rules')}</Field.ErrorText> : null}
        </Field.Root>
        <Stack as="fieldset" id={controlId(id, 'weekly')} gap="2" aria-describedby={err('weekly') ? errorId(id, 'weekly') : undefined}>
          <Text as="legend" fontWeight="medium">
            {t('tickets.consult.settings.windows')}
          </Text>
          {settings.weekly.length === 0 ? <Text color="fg.muted">{t('tickets.consult.settings.noWindows')}</Text> : null}
          {settings.weekly.map((w, i) => (
            <HStack key={i} gap="2" flexWrap="wrap" align="flex-end" data-testid="consult-window">
              <Field.Root w={{ base: 'full', sm: '44' }}>
                <Field.Label htmlFor={`${id}-day-${i}`}>{t('tickets.consult.settings.weekday')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field id={`${id}-day-${i}`} value={String(w.weekday)} onChange={(e) => setWindow(i, { weekday: Number(e.target.value) })}>
                    {weekdays.map((name, d) => (
                      <option key={name} value={d + 1}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root w="32">
                <Field.Label htmlFor={`${id}-from-${i}`}>{t('tickets.consult.settings.from')}</Field.Label>
                <Input id={`${id}-from-${i}`} type="time" value={w.from} onChange={(e) => setWindow(i, { from: e.target.value })} />
              </Field.Root>
              <Field.Root w="32">
                <Field.Label htmlFor={`${id}-to-${i}`}>{t('tickets.consult.settings.to')}</Field.Label>
                <Input id={`${id}-to-${i}`} type="time" value={w.to} onChange={(e) => setWindow(i, { to: e.target.value })} />
              </Field.Root>
              <Button variant="ghost" size="sm" onClick={() => set({ weekly: settings.weekly.filter((_, j) => j !== i) })}>
                {t('tickets.consult.settings.removeWindow')}
              </Button>
            </HStack>
          ))}
          {err('weekly') ? (
            <Text id={errorId(id, 'weekly')} color="fg.error" fontSize="sm" data-testid="error-weekly">
              {err('weekly')}
            </Text>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            alignSelf="start"
            onClick={() => set({ weekly: [...settings.weekly, { weekday: settings.weekly.at(-1)?.weekday ?? 1, from: '09:00', to: '12:00' }] })}
            data-testid="consult-window-add"
          >
            {t('tickets.consult.settings.addWindow')}
          </Button>
        </Stack>
        {message && !message.ok ? (
          <ErrorSummary form={id} message={message.text} errors={summary} labels={labels} focusKey={failure} />
        ) : null}
        {message?.ok ? (
          <Alert.Root status="success" borderRadius="l2" data-testid="consult-settings-message">
            <Alert.Indicator />
            <Alert.Title>{message.text}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('tickets.consult.settings.saving')} data-testid="consult-settings-save">
            {t('tickets.consult.settings.save')}
          </Button>
          {message?.ok && settings.enabled ? (
            <Button asChild variant="outline">
              <Link to={`/consultationForm?channel=${encodeURIComponent(channelId)}`} data-testid="consult-settings-open">
                {t('tickets.consult.settings.bookingPage')}
              </Link>
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            {t('tickets.consult.settings.close')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
