import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The band at the top of an information screen: title and an optional lead paragraph. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <Box bg="brand.subtle" borderBottomWidth="1px" borderColor="border" data-testid="page-header">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12', xl: '16' }}>
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} color="fg">
          {title}
        </Heading>
        {lead ? (
          <Text mt="3" fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="3xl">
            {lead}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
