import { Badge, Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '#app/lib/identity/types';

/** Who the user is to this site: email, user name, groups; the profile form is /registerMe. */
export function ProfileTab({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="4">
        <DataList.Item>
          <DataList.ItemLabel>{t('dashboard.profile.email')}</DataList.ItemLabel>
          <DataList.ItemValue data-testid="profile-email" wordBreak="break-all">
            {user.email ?? t('dashboard.profile.none')}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('dashboard.profile.groups')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {user.groups.length ? (
              <HStack gap="2" wrap="wrap" data-testid="profile-groups">
                {user.groups.map((g) => (
                  <Badge key={g} colorPalette="brand">
                    {g}
                  </Badge>
                ))}
              </HStack>
            ) : (
              <Text>{t('dashboard.profile.noGroups')}</Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="2">
        <Text color="fg.muted">{t('dashboard.profile.editText')}</Text>
        <Button asChild variant="outline" colorPalette="brand" alignSelf="flex-start">
          <Link to="/registerMe">{t('dashboard.profile.edit')}</Link>
        </Button>
      </Stack>
    </Stack>
  );
}
