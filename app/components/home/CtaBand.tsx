import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { HeroCta } from '#app/lib/home/view';

/** A call-to-action band in the brand colour. */
export function CtaBand({ title, text, action }: { title: string; text: string | null; action: HeroCta }) {
  return (
    <Box as="section" data-testid="home-section" data-section="cta" aria-labelledby="home-cta" bg="brand.solid" color="brand.contrast">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '14' }}>
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" alignItems={{ base: 'flex-start', md: 'center' }} justifyContent="space-between">
          <Stack gap="2" maxW="3xl">
            <Heading as="h2" id="home-cta" size={{ base: 'xl', md: '2xl' }} color="brand.contrast">
              {title}
            </Heading>
            {text ? <Text fontSize={{ base: 'md', md: 'lg' }}>{text}</Text> : null}
          </Stack>
          <Button asChild size="lg" bg="brand.contrast" color="brand.solid" _hover={{ opacity: 0.9 }} flexShrink={0} data-testid="cta-action">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
