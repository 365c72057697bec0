/** A channel's products as cards: image, title, price in the reader's locale, stock. */
import { Badge, Box, Flex, Image, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#app/lib/money/money';
import { useRootData } from '#app/lib/rootData';
import { productHref } from '#app/lib/shop/links';
import type { ProductCardView } from '#app/lib/shop/views';

export function ProductGrid({ products }: { products: ProductCardView[] }) {
  const { t } = useTranslation();
  const { locale } = useRootData()!;
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="product-grid">
      {products.map((product) => (
        <Box as="li" key={product.productId} borderWidth="1px" borderColor="border" borderRadius="l3" overflow="hidden" bg="bg" _focusWithin={{ borderColor: 'brand.solid' }} data-testid="product-card">
          {product.imageUrl ? (
            <Image src={product.imageUrl} alt="" w="full" aspectRatio="4/3" objectFit="cover" loading="lazy" />
          ) : (
            // No picture: the product's initial on the brand tint keeps the grid even, never an empty frame.
            <Flex w="full" aspectRatio="4/3" bg="brand.subtle" color="brand.fg" align="center" justify="center" fontSize="5xl" fontWeight="bold" aria-hidden="true" data-testid="product-placeholder">
              {[...product.title.trim()][0]?.toUpperCase() ?? ''}
            </Flex>
          )}
          <Stack gap="1" p="4">
            <ChakraLink asChild fontWeight="semibold" color="fg">
              <Link to={productHref(product.productId)} prefetch="intent">
                {product.title}
              </Link>
            </ChakraLink>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap">
              <Text fontWeight="bold" data-testid="product-price">
                {formatMoney({ amount: product.price, currency: product.currency }, locale)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t(`shop.product.delivers.${product.delivers}`)}
              </Text>
            </Flex>
            {product.stock === 0 ? <Badge colorPalette="orange" alignSelf="start">{t('shop.product.soldOut')}</Badge> : null}
            {!product.published ? <Badge alignSelf="start">{t('shop.manage.draft')}</Badge> : null}
          </Stack>
        </Box>
      ))}
    </SimpleGrid>
  );
}
