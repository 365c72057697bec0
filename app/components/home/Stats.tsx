import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { Section } from './Section';

/** A row of figures (value over label). */
export function Stats({ title, items }: { title: string | null; items: { value: string; label: string }[] }) {
  return (
    <Section type="stats" title={title}>
      <SimpleGrid as="dl" columns={{ base: 2, md: items.length }} gap={{ base: '6', md: '8' }} data-testid="stats">
        {items.map((item) => (
          // The label is the term and the figure its value; the figure is shown first.
          <Box key={item.label} display="flex" flexDirection="column-reverse" justifyContent="flex-end" borderStartWidth="3px" borderColor="brand.solid" ps="4">
            <Text as="dt" fontSize="sm" color="fg.muted" mt="1">
              {item.label}
            </Text>
            <Text as="dd" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" color="brand.fg" lineHeight="1.1" m="0">
              {item.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
