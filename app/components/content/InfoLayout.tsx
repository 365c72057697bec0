import { Box, Container, Grid, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The body of an information screen: the content column and, from desktop width, an aside beside it
 * that stays in view while the page scrolls; on narrower screens the aside follows the content.
 * Prose keeps its readable measure inside the column, so a wide screen is used by the aside rather
 * than left blank (docs/decisions/0039). The side column is a plain block of labelled sections, not
 * an <aside> landmark, which inside <main> would be a nested complementary landmark.
 */
export function InfoLayout({ children, aside, asideFirst = false }: { children: ReactNode; aside?: ReactNode; /** The side column comes first in reading order and on phones (a screen whose main actions sit there). */ asideFirst?: boolean }) {
  const side = aside ? (
    <Stack gap="6" gridColumn={{ lg: '2' }} gridRow={{ lg: '1' }} position={{ lg: 'sticky' }} top={{ lg: '24' }} data-testid="info-aside">
      {aside}
    </Stack>
  ) : null;
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 18rem', xl: 'minmax(0, 1fr) 20rem' }}
        columnGap={{ lg: '12', xl: '16' }}
        rowGap={{ base: '10', md: '12' }}
        alignItems="start"
      >
        {asideFirst ? side : null}
        <Box minW="0" gridColumn={{ lg: '1' }} gridRow={{ lg: '1' }}>
          {children}
        </Box>
        {asideFirst ? null : side}
      </Grid>
    </Container>
  );
}
