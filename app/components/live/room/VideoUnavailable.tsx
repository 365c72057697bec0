/** The stage when video cannot be used: says why plainly and offers Retry; the rest of the page keeps working. */
import { Alert, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function VideoUnavailable({ onRetry, detail }: { onRetry: () => void; detail?: string }) {
  const { t } = useTranslation();
  return (
    <Flex h="full" align="center" justify="center" p={{ base: '3', md: '6' }} bg="bg.muted" overflowY="auto">
      <Alert.Root status="warning" maxW="xl" borderRadius="l3" data-testid="video-unavailable">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            <Stack gap="3" align="flex-start">
              <Text fontWeight="medium">{t('live.unavailable.body')}</Text>
              <Text fontSize="sm">{t('live.unavailable.automatic')}</Text>
              {detail && (
                <Text fontSize="sm" color="fg.muted">
                  {detail}
                </Text>
              )}
              <Button size="sm" variant="outline" onClick={onRetry} data-testid="video-retry">
                {t('live.unavailable.retry')}
              </Button>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Flex>
  );
}
