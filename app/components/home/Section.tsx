import { Box, Container, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One home section: a full-width band (tinted or plain, so consecutive sections read apart) with
 * a heading and an optional link to the full listing beside it.
 */
export function Section({
  type,
  title,
  tinted = false,
  action,
  children,
}: {
  type: string;
  title: string | null;
  tinted?: boolean;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `home-${type}`;
  return (
    <Box
      as="section"
      data-testid="home-section"
      data-section={type}
      aria-labelledby={title ? headingId : undefined}
      bg={tinted ? 'bg.subtle' : undefined}
      borderTopWidth={tinted ? '1px' : undefined}
      borderBottomWidth={tinted ? '1px' : undefined}
      borderColor="border"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        {title || action ? (
          <HStack justifyContent="space-between" alignItems="flex-end" gap="4" flexWrap="wrap" mb={{ base: '5', md: '7' }}>
            {title ? (
              <Heading as="h2" id={headingId} size={{ base: 'xl', md: '2xl' }}>
                {title}
              </Heading>
            ) : null}
            {action}
          </HStack>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
