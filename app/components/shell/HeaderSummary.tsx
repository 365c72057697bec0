import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The visible button of a header <details> menu (navigation drawer, language, account): a
 * <summary>, so it opens and closes by keyboard and without JavaScript. `wide` fits a label.
 */
export function HeaderSummary({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box
      asChild
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      gap="1"
      h="10"
      {...(wide ? { px: '3', fontSize: 'sm', fontWeight: 'medium' } : { w: '10' })}
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      cursor="pointer"
      color="header.fg"
      listStyle="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      css={{ '&::-webkit-details-marker': { display: 'none' } }}
    >
      <summary aria-label={label}>{children}</summary>
    </Box>
  );
}
