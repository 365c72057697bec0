/**
 * The room's polls (docs/decisions/0081), mounted with one line in the room's dock. Nothing is in
 * the room's document: the panel's code and strings load in the browser after the room mounts.
 */
import { Box } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { lazyChunk } from '#app/components/chunks/lazyChunk';
import { useChat } from '#app/components/chat/useChat';

const PollsPanel = lazyChunk(() => import('./PollsPanel'), 'PollsPanel');

export function RoomPolls({ eventId }: { eventId: string }) {
  const [mounted, setMounted] = useState(false);
  const { onNotice } = useChat();
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* It gives way to the chat when the dock is short (a phone): the composer stays in view and the polls scroll. */}
      <Box maxH={{ base: '45dvh', lg: '50dvh' }} minH="0" overflowY="auto" flexShrink={1} data-testid="room-polls">
        <PollsPanel eventId={eventId} onNotice={onNotice} place="room" />
      </Box>
    </Suspense>
  );
}
