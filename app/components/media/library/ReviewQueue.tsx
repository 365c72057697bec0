/** The tenant admins' review queue: watch each waiting video, publish it, or reject it with a reason the uploader sees. */
import { Alert, Box, Button, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPreview } from '#app/components/media/player/MediaPreview';
import { REVIEW_REASON_MAX, type ReviewEntry } from '#app/lib/media/library';
import { CharCounter, useCharCount } from '#app/components/forms/CharCounter';
import { controlId, describeControl, errorId, helpId } from '#app/components/forms/Fields';
import { useLibraryApi } from './useLibraryApi';

type Entry = ReviewEntry;

function QueueItem({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const api = useLibraryApi('review');
  const [rejecting, setRejecting] = useState(false);
  const { card } = entry;
  const form = `review-${card.id}`;
  const reason = useCharCount();
  const result = api.result;
  const reasonError = result && !result.ok ? result.fieldErrors?.reason : undefined;
  return (
    <Stack as="li" gap="3" p="4" borderWidth="1px" borderRadius="l3" data-testid="review-queue-item" data-title={card.title}>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <Box w={{ base: '100%', md: '28rem' }} flexShrink={0} data-testid="review-video">
          <MediaPreview media={entry.view} />
        </Box>
        <Stack gap="2" flex="1" minW="0">
          <Heading as="h3" size="md">
            {card.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('library.card.owner', { name: card.ownerName || t('session.someone') })}
          </Text>
          {card.description ? <Text>{card.description}</Text> : null}
          {result && !result.ok && !reasonError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{result.message}</Alert.Title>
            </Alert.Root>
          ) : null}
          {rejecting ? (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                api.send({ decision: 'reject', id: card.id, reason: String(new FormData(e.currentTarget).get('reason') ?? '') });
              }}
            >
              <Stack gap="3">
                <Field.Root invalid={Boolean(reasonError)} required ids={{ control: controlId(form, 'reason'), errorText: errorId(form, 'reason'), helperText: helpId(form, 'reason') }}>
                  <Field.Label>{t('library.review.reason')}</Field.Label>
                  <Textarea
                    name="reason"
                    rows={3}
                    onInput={reason.onInput}
                    data-testid="review-reason"
                    {...describeControl({ form, name: 'reason', help: t('library.review.reasonHelp'), invalid: Boolean(reasonError), counted: true })}
                  />
                  <CharCounter form={form} name="reason" count={reason.count} max={REVIEW_REASON_MAX} />
                  <Field.HelperText>{t('library.review.reasonHelp')}</Field.HelperText>
                  {reasonError ? <Field.ErrorText data-testid="review-reason-error">{t(reasonError, { max: REVIEW_REASON_MAX })}</Field.ErrorText> : null}
                </Field.Root>
                <HStack gap="2" flexWrap="wrap">
                  <Button type="submit" colorPalette="red" loading={api.busy} data-testid="review-reject-confirm">
                    {t('library.review.confirmReject')}
                  </Button>
                  <Button variant="ghost" onClick={() => setRejecting(false)}>
                    {t('library.edit.cancel')}
                  </Button>
                </HStack>
              </Stack>
            </form>
          ) : (
            <HStack gap="2" flexWrap="wrap">
              <Button colorPalette="green" loading={api.busy} onClick={() => api.send({ decision: 'publish', id: card.id })} data-testid="review-publish">
                {t('library.review.publish')}
              </Button>
              <Button variant="outline" colorPalette="red" onClick={() => setRejecting(true)} data-testid="review-reject">
                {t('library.review.reject')}
              </Button>
            </HStack>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}

export function ReviewQueue({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="section" gap="3" aria-labelledby="review-queue">
      <Heading as="h2" size="lg" id="review-queue">
        {t('library.review.queue')}
      </Heading>
      {entries.length === 0 ? (
        <Text color="fg.muted" data-testid="review-queue-empty">
          {t('library.review.queueEmpty')}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="4" data-testid="review-queue">
          {entries.map((entry) => (
            <QueueItem key={entry.card.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
