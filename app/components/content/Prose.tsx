import { Box, type BoxProps } from '@chakra-ui/react';

/** Typography for sanitised markdown HTML from tenant content. */
export function Prose({ html, ...props }: { html: string } & BoxProps) {
  return (
    <Box
      className="prose"
      maxW="70ch"
      lineHeight="tall"
      fontSize={{ base: 'md', md: 'lg' }}
      css={{
        '& h1, & h2, & h3': { fontFamily: 'heading', fontWeight: 'bold', lineHeight: 'short', mt: '8', mb: '3', scrollMarginTop: '24' },
        '& h2': { fontSize: { base: 'xl', md: '2xl' } },
        '& h3': { fontSize: { base: 'lg', md: 'xl' } },
        '& p': { my: '4' },
        '& ul, & ol': { my: '4', ps: '6' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& li': { my: '1' },
        '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& blockquote': { borderStartWidth: '4px', borderColor: 'brand.solid', ps: '4', color: 'fg.muted', my: '6' },
        '& img': { borderRadius: 'l3', my: '6' },
        '& table': { width: '100%', borderCollapse: 'collapse', my: '6' },
        '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', textAlign: 'start', p: '2' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.subtle', px: '1', borderRadius: 'l1' },
        '& > :first-child': { mt: 0 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
      {...props}
    />
  );
}
