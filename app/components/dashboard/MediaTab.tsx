/** The dashboard's Media tab: the way into the media library, the images, the audio playlists and the video review; a member's way into My media. */
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { MY_LIBRARY_HREF } from '#app/lib/nav';

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
      <Stack gap="3" data-testid="dashboard-media-member">
        <Text color="fg.muted">{t('dashboard.mediaTab.mineText')}</Text>
        <ChakraLink asChild colorPalette="brand" fontWeight="medium" fontSize="lg">
          <Link to={MY_LIBRARY_HREF} data-testid="dashboard-media-mine">
            {t('dashboard.mediaTab.mine')}
          </Link>
        </ChakraLink>
      </Stack>
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
