import { Box, Text } from '@chakra-ui/react';

/** One figure card of the analytics screens: its label, its value and an optional note; `compact` where many sit in a row. */
export function Figure({ label, value, help, testId, compact = false }: { label: string; value: string; help?: string; testId: string; compact?: boolean }) {
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="l2" p={{ base: '3', md: '4' }} bg="bg" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={compact ? { base: 'lg', md: 'xl' } : { base: 'xl', md: '2xl' }} fontWeight="semibold" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {help ? (
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
      ) : null}
    </Box>
  );
}
