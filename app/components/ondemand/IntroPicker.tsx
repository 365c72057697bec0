/** The owner's "choose from my library" form on /cmiVideo: one of their finished, shared videos, or none. */
import { Alert, Button, Field, HStack, Link as ChakraLink, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '#app/components/media/player/format';

interface Candidate {
  id: string;
  title: string;
  durationSeconds: number | null;
}

type Result = { ok: true; saved: 'chosen' | 'cleared' } | { ok: false; mediaId: string };

export function IntroPicker({ candidates, chosenId }: { candidates: Candidate[]; chosenId: string | null }) {
  const { t } = useTranslation();
  const result = useActionData<Result>();
  const busy = useNavigation().state === 'submitting';
  // After a refused choice the select keeps what was chosen.
  const selected = result && !result.ok ? result.mediaId : (chosenId ?? candidates[0]?.id ?? '');

  if (!candidates.length) {
    return (
      <Stack gap="2" data-testid="intro-no-candidates">
        <Text color="fg.muted">{t('ondemand.cmiVideo.noCandidates')}</Text>
        <ChakraLink href="/uploadCustomerMedia" fontWeight="semibold" textDecoration="underline">
          {t('ondemand.cmiVideo.openLibrary')}
        </ChakraLink>
      </Stack>
    );
  }
  return (
    <Form method="post" data-testid="intro-picker">
      <Stack gap="3" maxW="xl">
        {result?.ok ? (
          <Alert.Root status="success" data-testid="intro-saved">
            <Alert.Indicator />
            <Alert.Description>{t(result.saved === 'chosen' ? 'ondemand.cmiVideo.saved' : 'ondemand.cmiVideo.cleared')}</Alert.Description>
          </Alert.Root>
        ) : null}
        <Field.Root invalid={result?.ok === false}>
          <Field.Label>{t('ondemand.cmiVideo.video')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="mediaId" defaultValue={selected} key={selected} data-testid="intro-select">
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.durationSeconds === null ? c.title : `${c.title} (${formatDuration(c.durationSeconds)})`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {result?.ok === false ? <Field.ErrorText data-testid="intro-error">{t('ondemand.cmiVideo.errors.video')}</Field.ErrorText> : null}
        </Field.Root>
        <HStack gap="2" flexWrap="wrap">
          <Button type="submit" name="intent" value="choose" colorPalette="brand" loading={busy} loadingText={t('ondemand.cmiVideo.saving')} data-testid="intro-save">
            {t('ondemand.cmiVideo.save')}
          </Button>
          {chosenId ? (
            <Button type="submit" name="intent" value="clear" variant="outline" disabled={busy} data-testid="intro-clear">
              {t('ondemand.cmiVideo.clear')}
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </Form>
  );
}
