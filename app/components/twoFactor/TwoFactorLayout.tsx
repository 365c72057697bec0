import { Box, Card, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A centred card for the two-factor screens, full width on phones. */
export function TwoFactorLayout({ title, lead, children, wide = false }: { title: string; lead?: string; children: ReactNode; wide?: boolean }) {
  return (
    <Container maxW={wide ? '3xl' : 'xl'} px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <Card.Root variant="outline">
        <Card.Body gap="5" p={{ base: '5', md: '8' }}>
          <Box>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              {title}
            </Heading>
            {lead ? (
              <Text mt="2" color="fg.muted">
                {lead}
              </Text>
            ) : null}
          </Box>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
