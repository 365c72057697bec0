/**
 * The device check (camera preview, microphone level, camera / microphone / speaker selects),
 * safe to render anywhere: the server and the first browser render show a placeholder, and the
 * LiveKit-based part (DeviceCheckClient.tsx) is loaded only after hydration.
 */
import { Alert, Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazyChunk } from '#app/components/chunks/lazyChunk';
import { useTranslation } from 'react-i18next';
import type { DeviceCheckProps } from './choice';

const DeviceCheckClient = lazyChunk(() => import('./DeviceCheckClient'), 'DeviceCheckClient');

function Placeholder({ video }: { video: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" data-testid="device-check-loading">
      <Box borderRadius="l3" bg="gray.900" color="white" aspectRatio={video ? 16 / 9 : undefined} minH={video ? undefined : '24'}>
        <Stack h="full" minH="inherit" align="center" justify="center" gap="3" p="4" textAlign="center">
          <Spinner size="lg" />
          <Text>{t('lobby.devices.loading')}</Text>
          <noscript>
            <Text>{t('lobby.devices.noscript')}</Text>
          </noscript>
        </Stack>
      </Box>
    </Stack>
  );
}

/** A failed chunk load (offline, new deploy) stays inside the device check instead of breaking the page. */
class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function DeviceCheck(props: DeviceCheckProps) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const video = props.video ?? true;
  if (!mounted) return <Placeholder video={video} />;
  return (
    <LoadBoundary
      fallback={
        <Alert.Root status="error" borderRadius="l2" role="alert" data-testid="device-check-failed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('lobby.devices.errors.load')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
            {t('lobby.devices.reload')}
          </Button>
        </Alert.Root>
      }
    >
      <Suspense fallback={<Placeholder video={video} />}>
        <DeviceCheckClient {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
