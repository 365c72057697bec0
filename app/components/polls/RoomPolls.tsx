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
      {/* On a phone it keeps its height and the dock scrolls to the chat below it; beside the stage it gives way to the chat. */}
      <Box maxH={{ base: '40dvh', lg: '50dvh' }} minH="0" overflowY="auto" flexShrink={{ base: 0, lg: 1 }} data-testid="room-polls">
        <PollsPanel eventId={eventId} onNotice={onNotice} place="room" />
      </Box>
    </Suspense>
  );
}
