import { Alert, Button, Container, Progress, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { formHeaders } from '#app/components/forms/headers';
import { RecordingPlayer } from '#app/components/ondemand/RecordingPlayer';
import { SignInNote } from '#app/components/ondemand/SignInNote';
import { previewHref } from '#app/lib/events/model';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './eventVod.server';

/** /eventVod?eventId=: a past event's recording, its chapters (answered questions) and its chat replayed in step (docs/decisions/0032). */
export { loader } from './eventVod.server';
export const handle = i18nHandle('ondemand', 'player', 'events', 'tickets');
export const headers = formHeaders;

export default function EventVod() {
  const { t } = useTranslation();
  const { event, vod, replayGate, polls } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t('ondemand.eventVod.title', { title: event.title })}>
        <Button asChild variant="outline" mt="4">
          <Link to={previewHref(event.eventId)}>{t('ondemand.eventVod.eventPage')}</Link>
        </Button>
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="event-vod" data-state={vod.state}>
        {vod.state === 'ready' ? <RecordingPlayer view={vod.view} chapters={vod.chapters} messages={vod.messages} chat={vod.chat} polls={polls} /> : null}
        {vod.state === 'processing' ? (
          <Stack gap="3" maxW="xl">
            <Alert.Root status="info" data-testid="event-vod-processing">
              <Alert.Indicator />
              <Alert.Description>{vod.progress === null ? t('ondemand.eventVod.processingStarted') : t('ondemand.eventVod.processing', { progress: vod.progress })}</Alert.Description>
            </Alert.Root>
            {vod.progress !== null ? (
              <Progress.Root value={vod.progress} colorPalette="brand" aria-label={t('ondemand.eventVod.processingStarted')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
          </Stack>
        ) : null}
        {vod.state === 'none' ? (
          <EmptyNote title={t('ondemand.eventVod.none')} description={vod.reason ? t(`ondemand.eventVod.reasons.${vod.reason}`) : undefined} testId="event-vod-none" />
        ) : null}
        {replayGate ? (
          <Stack gap="4" align="flex-start" data-testid="event-vod-ticket-gate">
            <EmptyNote title={t('tickets.gate.title')} description={t('tickets.gate.replayText')} testId="event-vod-not-allowed" />
            <Button asChild colorPalette="brand">
              <Link to={replayGate.buyUrl}>{t('tickets.gate.buy')}</Link>
            </Button>
          </Stack>
        ) : vod.state === 'notAllowed' ? (
          vod.signedIn ? (
            <EmptyNote title={t('ondemand.eventVod.notAllowed')} testId="event-vod-not-allowed" />
          ) : (
            <SignInNote text={t('ondemand.eventVod.notAllowedSignIn')} testId="event-vod-not-allowed" />
          )
        ) : null}
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
