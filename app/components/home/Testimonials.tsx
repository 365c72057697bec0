import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';

/** Quotes from the tenant's customers (tenant.json home.testimonials), in the page language. */
export function Testimonials({ title, items }: { title: string | null; items: { quote: string; name: string; role: string | null }[] }) {
  const { t } = useTranslation();
  return (
    <Section type="testimonials" title={title ?? t('home.testimonialsTitle')} tinted>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: Math.min(items.length, 2), lg: Math.min(items.length, 3) }} gap={{ base: '5', md: '6' }} data-testid="testimonials">
        {items.map((item) => (
          <Box as="li" key={item.name}>
            <Box as="figure" h="full" m="0" p={{ base: '5', md: '7' }} bg="bg" borderRadius="l3" borderWidth="1px" borderColor="border" borderTopWidth="4px" borderTopColor="brand.solid">
              <Stack gap="5" h="full" justifyContent="space-between">
                <Box as="blockquote" m="0">
                  <Text fontSize={{ base: 'md', md: 'lg' }} lineHeight="tall">
                    <Box as="span" aria-hidden="true" color="brand.fg" fontSize="2xl" fontWeight="bold" lineHeight="0" mr="1">
                      “
                    </Box>
                    {item.quote}
                  </Text>
                </Box>
                <Box as="figcaption">
                  <Text fontWeight="semibold">{item.name}</Text>
                  {item.role ? (
                    <Text fontSize="sm" color="fg.muted">
                      {item.role}
                    </Text>
                  ) : null}
                </Box>
              </Stack>
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
