import { Alert, Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of every account screen: a centred card, full width on phones. */
export function AuthPage({ title, lead, children, wide = false, testId }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean; testId?: string }) {
  return (
    <Container maxW={wide ? '5xl' : 'xl'} px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }} data-testid={testId}>
      <Box
        bg="bg"
        borderWidth={{ base: '0', md: '1px' }}
        borderColor="border"
        borderRadius="l3"
        boxShadow={{ md: 'card' }}
        p={{ base: '0', md: '8', xl: '10' }}
      >
        <Stack gap="2" mb="6">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          {lead ? <Text color="fg.muted">{lead}</Text> : null}
        </Stack>
        {children}
      </Box>
    </Container>
  );
}

/** A message above a form: error (role alert), success or info (role status). */
export function Notice({ status, children, testId }: { status: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <Alert.Root status={status} borderRadius="l2" role={status === 'error' ? 'alert' : 'status'} data-testid={testId ?? `notice-${status}`}>
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{children}</Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}
