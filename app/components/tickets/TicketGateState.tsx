import { Alert, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { RoomBrandHeader } from '#app/components/live/room/RoomBrandHeader';

/** The gate as the room's data carries it: its words already translated on the server. */
export interface TicketGateView {
  reason: 'ticketRequired' | 'registrationRequired';
  buyUrl: string;
  title: string;
  text: string;
  action: string;
}

/** The room page for someone without a ticket (403): what is needed and the way to get it. */
export function TicketGateState({ gate, title }: { gate: TicketGateView; title: string }) {
  return (
    <>
      <RoomBrandHeader />
      <Container maxW="3xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }} data-testid="room-ticket-gate">
        <Stack gap="6">
          <Text color="fg.muted" fontWeight="medium">
            {title}
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {gate.title}
          </Heading>
          <Alert.Root status="info" borderRadius="l3">
            <Alert.Indicator />
            <Alert.Description>{gate.text}</Alert.Description>
          </Alert.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand" size="lg" data-testid="gate-buy">
              <Link to={gate.buyUrl}>{gate.action}</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
