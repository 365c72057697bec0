/**
 * The slim bar of a live room, in place of the site's header: the tenant's logo, the event's title
 * (with its time and layout from md up), the recording indicator, the live badge, the viewer's role and Leave.
 * Its colours are the theme's room bar tokens (app/lib/config/roomBar.ts), whose contrast
 * tenants:check measures: nothing on the bar takes the page's own text colours.
 */
import { Badge, Button, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { RecordingIndicator } from '#app/components/recording/RecordingIndicator';
import type { PublicEvent, RoomLayout } from '#app/lib/events/model';
import type { EventRole } from '#app/lib/events/permissions';
import { useRootData } from '#app/lib/rootData';

export interface RoomBarProps {
  event: PublicEvent;
  role: EventRole;
  layout: RoomLayout;
  tenantZone: string;
}

export function RoomBar({ event, role, layout, tenantZone }: RoomBarProps) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <Flex
      as="header"
      flexShrink={0}
      h={{ base: '12', md: '14' }}
      px={{ base: '2', md: '4' }}
      gap={{ base: '2', md: '3' }}
      align="center"
      bg="roomBar.bg"
      color="roomBar.fg"
      borderBottomWidth="1px"
      borderColor="border"
      data-testid="room-bar"
    >
      {root && (
        <Image
          src={`/brand/${root.tenant.logo.src}`}
          alt={root.tenant.logo.alt}
          h={{ base: '5', md: '8' }}
          w="auto"
          maxW={{ base: '16', sm: '24', md: '40' }}
          objectFit="contain"
          objectPosition="left center"
          flexShrink={0}
        />
      )}
      <Stack gap="0" minW="0" flex="1">
        <Heading as="h1" size={{ base: 'sm', md: 'md' }} truncate title={event.title} data-testid="room-title">
          {event.title}
        </Heading>
        <Text fontSize="xs" color="roomBar.muted" truncate hideBelow="md" data-testid="room-when">
          <LocalTime iso={event.eventDateTime} fallbackZone={tenantZone} style="dateTime" /> · {t(`live.layouts.${layout}`)}
        </Text>
      </Stack>
      <HStack gap="1.5" flexShrink={0}>
        <RecordingIndicator />
        <Badge colorPalette={event.status === 'live' ? 'red' : 'gray'} variant="solid" data-testid="room-status">
          {t(`events.status.${event.status}`)}
        </Badge>
        <Badge variant="subtle" hideBelow="sm" data-testid="room-role">
          {t(`live.roles.${role}`)}
        </Badge>
      </HStack>
      <Button
        asChild
        size={{ base: 'xs', md: 'sm' }}
        variant="outline"
        flexShrink={0}
        color="roomBar.fg"
        borderColor="roomBar.fg"
        _hover={{ bg: 'roomBar.fg', color: 'roomBar.bg' }}
        _focusVisible={{ outlineColor: 'roomBar.fg' }}
      >
        <Link to="/liveEvents" data-testid="room-leave">
          {t('live.leavePage')}
        </Link>
      </Button>
    </Flex>
  );
}
