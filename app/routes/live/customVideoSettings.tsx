import { Alert, Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { DeviceCheck } from '#app/components/live/devices/DeviceCheck';
import { DEVICE_CHOICE_FIELDS, type DeviceChoice } from '#app/components/live/devices/choice';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { action, loader } from './customVideoSettings.server';
import { i18nHandle } from '#app/lib/handles';

/** /customVideoSettings (signed-in): the camera, microphone and speaker every room starts with, saved per user and tenant. */
export { action, loader } from './customVideoSettings.server';
export const handle = i18nHandle('lobby');

export default function CustomVideoSettings() {
  const { t } = useTranslation();
  const { title, saved, fallbackZone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [choice, setChoice] = useState<DeviceChoice>({});
  const [ready, setReady] = useState(false);
  // A saved message belongs to the choice that was saved: picking again hides it.
  const [dirty, setDirty] = useState(false);
  const last = useRef<DeviceChoice>({});
  const initial: DeviceChoice = saved ? { videoDeviceId: saved.videoDeviceId, audioDeviceId: saved.audioDeviceId, audioOutputId: saved.audioOutputId } : {};

  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="video-settings">
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t('lobby.settings.lead')}
          </Text>
          <Text data-testid="video-settings-status">
            {saved ? t('lobby.settings.savedSome') : t('lobby.settings.savedNone')}
            {saved?.updatedAt ? (
              <Box as="span" color="fg.muted" ms="2">
                ({t('language.labelled', { label: t('lobby.settings.lastSaved') })} <LocalTime iso={saved.updatedAt} fallbackZone={fallbackZone} style="dateTime" />)
              </Box>
            ) : null}
          </Text>
        </Stack>

        <DeviceCheck
          initial={initial}
          onChange={(c, isReady) => {
            if (isReady && DEVICE_CHOICE_FIELDS.some((k) => last.current[k] !== c[k])) setDirty(true);
            last.current = c;
            setChoice(c);
            setReady(isReady);
          }}
        />

        <Form method="post" replace onSubmit={() => setDirty(false)}>
          <Stack gap="4" align="flex-start">
            {DEVICE_CHOICE_FIELDS.map((name) => (
              <input key={name} type="hidden" name={name} value={choice[name] ?? ''} />
            ))}
            {result && !result.ok ? (
              <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="form-alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('lobby.settings.failed')}</Alert.Title>
                  <Alert.Description>{[...new Set(Object.values(result.fieldErrors))].map((key) => t(key)).join(' ')}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            {result?.ok && !dirty ? (
              <Alert.Root status="success" borderRadius="l2" role="status" data-testid="video-settings-saved">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('lobby.settings.saved')}</Alert.Title>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            {!ready ? (
              <Text color="fg.muted" id="video-settings-needs-test">
                {t('lobby.settings.needsTest')}
              </Text>
            ) : null}
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              disabled={!ready}
              aria-describedby={!ready ? 'video-settings-needs-test' : undefined}
              loading={busy}
              loadingText={t('lobby.settings.saving')}
              data-testid="video-settings-save"
            >
              {t('lobby.settings.save')}
            </Button>
          </Stack>
        </Form>
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
