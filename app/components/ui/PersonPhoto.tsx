import { Box } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

/**
 * A person's avatar image in a circle (app/lib/photo/avatar.ts), or `fallback` (their initials)
 * when they have none or it cannot be loaded. Decorative: their name is always written beside it.
 */
export function PersonPhoto({ src, size, fallback, testId }: { src: string | null | undefined; size: string; fallback: ReactNode; testId?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <>{fallback}</>;
  return (
    <Box asChild flexShrink={0} w={size} h={size} borderRadius="full" objectFit="cover" bg="bg.muted">
      <img src={src} alt="" aria-hidden="true" loading="lazy" decoding="async" data-testid={testId} onError={() => setFailed(src)} />
    </Box>
  );
}
