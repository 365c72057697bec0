import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The "nothing here yet" panel of a list screen, with an optional follow-up action. Its title is
 * the heading under the screen's own (h2): a level skipped would break the outline screen readers
 * navigate by.
 */
export function EmptyNote({ title, description, children, testId }: { title: string; description?: string; children?: ReactNode; testId?: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="l3" bg="bg.subtle" data-testid={testId}>
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.fg">
          <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M4 6h16M4 12h10M4 18h7" strokeLinecap="round" />
          </svg>
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="2">
          <EmptyState.Title as="h2" fontSize={{ base: 'lg', md: 'xl' }}>{title}</EmptyState.Title>
          {description ? <EmptyState.Description color="fg.muted">{description}</EmptyState.Description> : null}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
