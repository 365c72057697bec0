/** The dashboard's Media tab: the way into the media library, the images, the audio playlists and the video review. */
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

const SCREENS = [
  { path: '/uploadCustomerMedia', label: 'library' },
  { path: '/customerImageUpload', label: 'images' },
  { path: '/audioPlaylistUpload', label: 'playlists' },
  { path: '/reviewVideoUpload', label: 'review' },
] as const;

export function MediaTab({ organizer }: { organizer: boolean }) {
  const { t } = useTranslation();
  if (!organizer) {
    return (
      <Text color="fg.muted" data-testid="dashboard-media-member">
        {t('dashboard.mediaTab.memberText')}
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="dashboard-media">
      <Text color="fg.muted">{t('dashboard.mediaTab.lead')}</Text>
      <Stack as="ul" listStyleType="none" gap="2">
        {SCREENS.map((screen) => (
          <li key={screen.path}>
            <ChakraLink asChild colorPalette="brand" fontWeight="medium" fontSize="lg">
              <Link to={screen.path} data-testid={`dashboard-media-${screen.label}`}>
                {t(`dashboard.mediaTab.${screen.label}`)}
              </Link>
            </ChakraLink>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
