/**
 * The chat pane of a live room: a labelled region with a stable interface. Chat for events is not
 * available yet, and the pane says so plainly instead of showing an input that sends nowhere.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRole } from '~/lib/events/permissions';

export interface ChatPaneProps {
  eventId: string;
  role: EventRole;
  /** Messages wait for a host's approval before everyone sees them. */
  moderateChat: boolean;
  /** Hide the pane's own heading (inside a tab that already names it). */
  hideTitle?: boolean;
}

export function ChatPane({ eventId, role, moderateChat, hideTitle = false }: ChatPaneProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '3', md: '4' }}
      minH={{ base: '40', md: '64' }}
      data-testid="chat-pane"
      data-event={eventId}
      data-role={role}
    >
      <Stack gap="3">
        <Heading as="h2" size="md" id={titleId} srOnly={hideTitle}>
          {t('live.chat.title')}
        </Heading>
        <Text color="fg.muted" data-testid="chat-unavailable">
          {t('live.chat.unavailable')}
        </Text>
        {moderateChat && (
          <Text fontSize="sm" color="fg.muted">
            {t('live.chat.moderated')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
