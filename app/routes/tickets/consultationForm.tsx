import { sameOnServerAndBrowser } from '#app/lib/events/time';
import { Alert, Box, Button, Container, Field, Heading, HStack, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { formHeaders } from '#app/components/forms/headers';
import { CharCounter, useCharCount } from '#app/components/forms/CharCounter';
import { ErrorSummary } from '#app/components/forms/ErrorSummary';
import { counterId } from '#app/components/forms/Fields';
import { ConsultationBooking } from '#app/components/tickets/ConsultationBooking';
import { i18nHandle } from '#app/lib/handles';
import type { TranslationKey } from '#app/lib/i18n/keys';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { CONSULT_LIMITS } from '#app/lib/tickets/consultations';
import { channelHref } from '#app/lib/shop/links';
import type { HoldResult, loader } from './consultationForm.server';

/**
 * /consultationForm?channel=: pick a day and a free slot in your own zone, say what it is about,
 * read the rules, pay. /consultationForm?booking=: the buyer's booking, where checkout returns.
 */
export { action, loader } from './consultationForm.server';
export const handle = i18nHandle('tickets', 'events', 'forms');
// The loader's no-store reaches the document: free slots and whether a channel takes bookings change at any time.
export const headers = formHeaders;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ConsultationPage() {
  const data = useLoaderData<typeof loader>();
  if (data.view === 'closed') return <NoBookings channelId={data.channelId} channelName={data.channelName} />;
  return data.view === 'booking' ? <ConsultationBooking data={data} /> : <ConsultationForm data={data} />;
}

/** A channel that takes no bookings now: said plainly, with the way back to the channel. */
function NoBookings({ channelId, channelName }: { channelId: string; channelName: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tickets.consult.title')} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="4" align="flex-start" data-testid="consult-closed">
          <Text fontSize="lg">{t('tickets.consult.notAvailable')}</Text>
          <Button asChild colorPalette="brand" variant="outline">
            <Link to={channelHref(channelId)} data-testid="consult-closed-back">
              {t('tickets.consult.backToChannel', { name: channelName })}
            </Link>
          </Button>
        </Stack>
      </Container>
    </>
  );
}

function ConsultationForm({ data }: { data: Extract<Data, { view: 'form' }> }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const hold = useFetcher<HoldResult>();
  // Pay pressed before the page hydrated posts the form natively: the hold comes back as action data.
  const submitted = useActionData<HoldResult>();
  const result = hold.data ?? submitted;
  const [paying, setPaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const price = formatMoney(data.fee, locale);
  const errors = result && !result.ok ? result.errors : {};
  // A form posted before the scripts ran comes back as a new page: what was typed is filled in again.
  const typed = submitted && !submitted.ok ? (submitted.values ?? {}) : {};
  const late = new Set(data.lateSlots);
  const [chosen, setChosen] = useState<string | null>(typed.start ?? null);
  const err = (field: 'start' | 'topic' | 'notes') => (errors[field] ? t(errors[field] as TranslationKey, CONSULT_LIMITS) : undefined);
  const labels = { start: t('tickets.consult.slots'), topic: t('tickets.consult.topic'), notes: t('tickets.consult.notes', { name: data.ownerName }) };
  const summary = (['start', 'topic', 'notes'] as const).flatMap((field): Array<[string, string]> => (errors[field] ? [[field, err(field)!]] : []));
  const topic = useCharCount(typed.topic);
  const notes = useCharCount(typed.notes);
  const describedBy = (field: 'topic' | 'notes') => [counterId('consult', field), err(field) ? `consult-${field}-error` : null].filter(Boolean).join(' ');
  const action = `/consultationForm?channel=${encodeURIComponent(data.channelId)}&date=${data.date}&tz=${encodeURIComponent(data.tz)}`;

  // Held: on to the payment provider (the hold lasts while the buyer pays).
  useEffect(() => {
    if (!result) return;
    if (!result.ok && result.signIn) {
      window.location.assign(result.signIn);
      return;
    }
    if (!result.ok || started.current === result.bookingId) return;
    started.current = result.bookingId;
    setPaying(true);
    setProblem(null);
    void fetch('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ kind: 'consultation', refId: result.bookingId, quantity: 1 }], returnPath: `/consultationForm?booking=${result.bookingId}`, idempotencyKey: `consult-${result.bookingId}` }),
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { redirectUrl?: string; signIn?: string };
        if (res.ok && body.redirectUrl) return window.location.assign(body.redirectUrl);
        if (body.signIn) return window.location.assign(body.signIn);
        setProblem(t('tickets.consult.errors.failed'));
        setPaying(false);
      })
      .catch(() => {
        setProblem(t('tickets.consult.errors.failed'));
        setPaying(false);
      });
  }, [result, action, t]);

  const slotLabel = (iso: string) => sameOnServerAndBrowser(DateTime.fromISO(iso, { zone: 'utc' }).setZone(data.tz).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE));
  return (
    <>
      <PageHeader title={t('tickets.consult.title')} lead={t('tickets.consult.lead', { name: data.ownerName })} />
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
        <Stack gap="8">
          <HStack gap="6" flexWrap="wrap" data-testid="consult-fee">
            <Text fontWeight="semibold">
              {t('language.labelValue', { label: t('tickets.consult.fee'), value: price })}
            </Text>
            <Text color="fg.muted">{t('tickets.consult.length', { minutes: data.slotMinutes })}</Text>
          </HStack>

          <Form method="get" action="/consultationForm" data-testid="consult-day">
            <input type="hidden" name="channel" value={data.channelId} />
            <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-end' }}>
              <Field.Root>
                <Field.Label htmlFor="consult-date">{t('tickets.consult.date')}</Field.Label>
                <Input id="consult-date" type="date" name="date" defaultValue={data.date} bg="bg" />
              </Field.Root>
              <Field.Root>
                <Field.Label htmlFor="consult-tz">{t('tickets.consult.zone')}</Field.Label>
                <Input id="consult-tz" name="tz" list="consult-zones" defaultValue={data.tz} autoComplete="off" spellCheck={false} bg="bg" />
                <datalist id="consult-zones">
                  {data.timeZones.map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
              </Field.Root>
              <Button
                type="button"
                variant="ghost"
                colorPalette="brand"
                onClick={() => {
                  const input = document.getElementById('consult-tz') as HTMLInputElement | null;
                  if (input) input.value = Intl.DateTimeFormat().resolvedOptions().timeZone;
                }}
                data-testid="consult-my-zone"
              >
                {t('tickets.consult.useMyZone')}
              </Button>
              <Button type="submit" variant="outline" colorPalette="brand" data-testid="consult-show">
                {t('tickets.consult.showTimes')}
              </Button>
            </Stack>
          </Form>

          <hold.Form method="post" action={action} noValidate>
            <input type="hidden" name="intent" value="hold" />
            <input type="hidden" name="tz" value={data.tz} />
            <Stack gap="6">
              {summary.length ? (
                // The action's answer is a new object on every failed submit, so the focus moves each time.
                <ErrorSummary form="consult" message={t('forms.fixErrors')} errors={summary} labels={labels} focusKey={result} />
              ) : null}
              <Box as="fieldset" id="consult-start" borderWidth="0" p="0" m="0" aria-describedby={err('start') ? 'consult-start-error' : undefined}>
                <Heading as="legend" size="md" mb="3">
                  {t('tickets.consult.slots')}
                </Heading>
                {data.slots.length === 0 ? (
                  <Text color="fg.muted" data-testid="consult-no-slots">
                    {t('tickets.consult.noSlots')}
                  </Text>
                ) : (
                  <HStack gap="2" flexWrap="wrap" data-testid="consult-slots">
                    {data.slots.map((iso) => (
                      <chakra.label key={iso} display="inline-flex" alignItems="center" gap="2" px="3" py="2" borderWidth="1px" borderRadius="l2" cursor="pointer" _hover={{ borderColor: 'brand.solid' }}>
                        <input type="radio" name="start" value={iso} defaultChecked={typed.start === iso} onChange={() => setChosen(iso)} data-testid="consult-slot" />
                        <span>{slotLabel(iso)}</span>
                        {late.has(iso) ? (
                          <Text as="span" fontSize="xs" color="fg.muted">
                            {t('tickets.consult.lateSlotTag')}
                          </Text>
                        ) : null}
                      </chakra.label>
                    ))}
                  </HStack>
                )}
                <Box aria-live="polite">
                  {chosen && late.has(chosen) ? (
                    <Text fontWeight="medium" fontSize="sm" mt="2" data-testid="consult-late-slot">
                      {t('tickets.consult.lateSlot', { hours: data.cancellationHours })}
                    </Text>
                  ) : null}
                </Box>
                {err('start') ? (
                  <Text id="consult-start-error" color="fg.error" fontSize="sm" mt="2" data-testid="error-start">
                    {err('start')}
                  </Text>
                ) : null}
              </Box>
              <Field.Root invalid={Boolean(err('topic'))} required>
                <Field.Label htmlFor="consult-topic">{t('tickets.consult.topic')}</Field.Label>
                <Input id="consult-topic" name="topic" defaultValue={typed.topic} bg="bg" onInput={topic.onInput} aria-invalid={err('topic') ? true : undefined} aria-describedby={describedBy('topic')} />
                <CharCounter form="consult" name="topic" count={topic.count} max={CONSULT_LIMITS.topicMax} />
                {err('topic') ? (
                  <Field.ErrorText id="consult-topic-error" data-testid="error-topic">
                    {err('topic')}
                  </Field.ErrorText>
                ) : null}
              </Field.Root>
              <Field.Root invalid={Boolean(err('notes'))}>
                <Field.Label htmlFor="consult-notes">{t('tickets.consult.notes', { name: data.ownerName })}</Field.Label>
                <Textarea id="consult-notes" name="notes" rows={4} defaultValue={typed.notes} bg="bg" onInput={notes.onInput} aria-invalid={err('notes') ? true : undefined} aria-describedby={describedBy('notes')} />
                <CharCounter form="consult" name="notes" count={notes.count} max={CONSULT_LIMITS.notesMax} />
                {err('notes') ? (
                  <Field.ErrorText id="consult-notes-error" data-testid="error-notes">
                    {err('notes')}
                  </Field.ErrorText>
                ) : null}
              </Field.Root>
              <Alert.Root status="info" borderRadius="l2" data-testid="consult-rules">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('tickets.consult.rulesTitle')}</Alert.Title>
                  <Alert.Description>
                    {data.cancellationHours > 0 ? t('tickets.consult.freeCancellation', { hours: data.cancellationHours }) : t('tickets.consult.noFreeCancellation')}
                    {data.rules ? ` ${data.rules}` : ''}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              {problem ? (
                <Text color="fg.error" role="alert" data-testid="consult-problem">
                  {problem}
                </Text>
              ) : null}
              {data.signedIn ? (
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  alignSelf={{ base: 'stretch', md: 'flex-start' }}
                  loading={hold.state !== 'idle' || paying}
                  loadingText={t('tickets.consult.paying')}
                  disabled={data.isOwner || data.slots.length === 0}
                  data-testid="consult-pay"
                >
                  {t('tickets.consult.pay', { price })}
                </Button>
              ) : (
                <Button asChild colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} data-testid="consult-sign-in">
                  <Link to={`/signIn?redirectTo=${encodeURIComponent(action)}`}>{t('tickets.consult.signIn')}</Link>
                </Button>
              )}
            </Stack>
          </hold.Form>
        </Stack>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
