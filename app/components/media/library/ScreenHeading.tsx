import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title and lead line the library's screens open with. */
export function ScreenHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <Stack gap="2">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {lead}
      </Text>
    </Stack>
  );
}
