import { Alert, Box, Button, Container, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';

export interface TicketGateView {
  reason: 'ticketRequired' | 'registrationRequired';
  buyUrl: string;
}

/** The room page for someone without a ticket (403): what is needed and the way to get it. */
export function TicketGateState({ gate, title }: { gate: TicketGateView; title: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const paid = gate.reason === 'ticketRequired';
  return (
    <>
      {root && (
        <Box as="header" px={{ base: '4', md: '6' }} py="3" bg="header.bg" borderBottomWidth="1px" borderColor="border">
          <Link to="/" aria-label={root.tenant.displayName}>
            <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="8" w="auto" maxW="40" />
          </Link>
        </Box>
      )}
      <Container maxW="3xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }} data-testid="room-ticket-gate">
        <Stack gap="6">
          <Text color="fg.muted" fontWeight="medium">
            {title}
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('tickets.gate.title')}
          </Heading>
          <Alert.Root status="info" borderRadius="l3">
            <Alert.Indicator />
            <Alert.Description>{t(paid ? 'tickets.gate.text' : 'tickets.gate.registerText')}</Alert.Description>
          </Alert.Root>
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="brand" size="lg" data-testid="gate-buy">
              <Link to={gate.buyUrl}>{t(paid ? 'tickets.gate.buy' : 'tickets.gate.register')}</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </>
  );
}
