import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of an upload screen: its title, one line on what it is for, and the uploader. */
export function UploadScreen({ title, lead, children, testId }: { title: string; lead: string; children: ReactNode; testId: string }) {
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid={testId}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
            {lead}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
