/** Room routes have no site header: a room's own states (closed, ticket gate, waiting room) carry the tenant's logo, a link home. */
import { Box, Image } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useRootData } from '#app/lib/rootData';

export function RoomBrandHeader() {
  const root = useRootData();
  if (!root) return null;
  return (
    <Box as="header" px={{ base: '4', md: '6' }} py="3" bg="header.bg" borderBottomWidth="1px" borderColor="border">
      <Link to="/" aria-label={root.tenant.displayName}>
        <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="8" w="auto" maxW="40" />
      </Link>
    </Box>
  );
}
