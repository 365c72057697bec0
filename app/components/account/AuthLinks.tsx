import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** A row of secondary links under a form (wraps on phones). */
export function AuthLinks({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '3', sm: '6' }} mt="6" fontSize="sm" flexWrap="wrap">
      {children}
    </Stack>
  );
}

export function AuthLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Text>
      <ChakraLink asChild color="brand.fg" fontWeight="semibold" textDecoration="underline" textUnderlineOffset="3px">
        <Link to={to} data-testid={testId}>
          {children}
        </Link>
      </ChakraLink>
    </Text>
  );
}
