/**
 * After a video ends on /morePlayBack: the next related one starts after a short countdown, which
 * the viewer can cancel or skip. The countdown is announced politely, once per second.
 */
import { Alert, Button, HStack } from '@chakra-ui/react';
import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const AUTOPLAY_SECONDS = 5;

export function UpNext({ next, onCancel }: { next: { id: string; title: string }; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(AUTOPLAY_SECONDS);
  const href = `/morePlayBack?mediaId=${next.id}`;

  useEffect(() => {
    if (left <= 0) {
      navigate(href);
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, href, navigate]);

  return (
    <Alert.Root status="info" data-testid="up-next" data-next={next.id}>
      <Alert.Content>
        <Alert.Title>{t('playback.more.upNext', { title: next.title })}</Alert.Title>
        <Alert.Description aria-live="polite" data-testid="up-next-countdown">
          {t('playback.more.countdown', { seconds: Math.max(0, left) })}
        </Alert.Description>
        <HStack mt="2" gap="2">
          <Button size="sm" colorPalette="brand" onClick={() => navigate(href)} data-testid="up-next-play">
            {t('playback.more.playNow')}
          </Button>
          <Button size="sm" variant="outline" onClick={onCancel} data-testid="up-next-cancel">
            {t('playback.more.cancel')}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
