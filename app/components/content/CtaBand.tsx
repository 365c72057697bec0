import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';

/** A closing call to action: heading, one line of text and a button; stacked on phones. */
export function CtaBand({ id, title, text, cta, to, testId }: { id: string; title: string; text: string; cta: string; to: string; testId?: string }) {
  return (
    <Stack
      as="section"
      aria-labelledby={id}
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'flex-start', md: 'center' }}
      justify="space-between"
      gap="4"
      mt={{ base: '10', md: '14' }}
      p={{ base: '6', md: '8' }}
      borderRadius="l3"
      bg="brand.subtle"
    >
      <Box>
        <Heading as="h2" id={id} size="lg">
          {title}
        </Heading>
        <Text mt="1" color="fg.muted" maxW="2xl">
          {text}
        </Text>
      </Box>
      <Button asChild colorPalette="brand" size="lg" flexShrink={0} data-testid={testId}>
        <Link to={to}>{cta}</Link>
      </Button>
    </Stack>
  );
}
