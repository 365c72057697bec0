/** The participants' view of who is in the room (the hosts have HostParticipants instead). */
import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '#app/lib/identity/displayName';
import { avatarUrl } from '#app/lib/photo/avatar';
import { PersonPhoto } from '#app/components/ui/PersonPhoto';
import type { RosterEntry } from './LiveStage';

export function Roster({ roster, connected }: { roster: RosterEntry[]; connected: boolean }) {
  const { t } = useTranslation();
  if (!connected) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="roster-unavailable">
        {t('live.roster.needsVideo')}
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid="roster">
      <Heading as="h3" size="sm">
        {t('live.roster.title', { count: roster.length })}
      </Heading>
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
        {roster.map((p) => (
          <HStack as="li" key={p.identity} gap="2">
            <Box w="2.5" h="2.5" borderRadius="full" bg={p.speaking ? 'green.500' : p.publishing ? 'brand.solid' : 'gray.400'} aria-hidden />
            <PersonPhoto src={avatarUrl(p.identity, p.avatarId)} size="6" testId="roster-avatar" fallback={<RosterInitials name={p.name} />} />
            <Text>{p.local ? t('live.roster.you', { name: p.name }) : p.name}</Text>
            {p.publishing && (
              <Badge size="sm" variant="subtle">
                {t('live.roster.onStage')}
              </Badge>
            )}
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

function RosterInitials({ name }: { name: string }) {
  return (
    <Box as="span" aria-hidden="true" display="inline-flex" alignItems="center" justifyContent="center" flexShrink={0} w="6" h="6" borderRadius="full" bg="bg.emphasized" fontSize="2xs" fontWeight="bold">
      {initialsOf(name)}
    </Box>
  );
}
