/** The cart's lines in the drawer: quantity steppers, remove, line totals in the reader's locale. */
import { Box, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney, timesQuantity } from '#app/lib/money/money';
import { CART_MAX_QUANTITY, type CartLine } from '#app/lib/shop/cart';

interface Props {
  lines: CartLine[];
  locale: string;
  busy: boolean;
  refusals: Record<string, string>;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
}

export function CartLines({ lines, locale, busy, refusals, onQuantity, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap="4" data-testid="cart-lines">
      {lines.map((line) => (
        <Box as="li" key={line.refId} borderBottomWidth="1px" borderColor="border" pb="3" data-testid="cart-line" data-product={line.refId}>
          <Flex justify="space-between" gap="3" align="start">
            <Text fontWeight="medium">{line.title}</Text>
            <Text whiteSpace="nowrap" data-testid="cart-line-total" aria-label={t('cart.lineTotal')}>
              {formatMoney(timesQuantity({ amount: line.unitAmount, currency: line.currency }, line.quantity), locale)}
            </Text>
          </Flex>
          <Text fontSize="sm" color="fg.muted" data-testid="cart-line-unit">
            {formatMoney({ amount: line.unitAmount, currency: line.currency }, locale)}
          </Text>
          <HStack mt="2" justify="space-between">
            <HStack gap="1" role="group" aria-label={t('cart.quantity', { title: line.title })}>
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t('cart.decrease', { title: line.title })}
                disabled={busy || line.quantity <= 1}
                onClick={() => onQuantity(line.refId, line.quantity - 1)}
                data-testid="cart-decrease"
              >
                −
              </IconButton>
              <Text minW="8" textAlign="center" aria-live="polite" data-testid="cart-quantity">
                {line.quantity}
              </Text>
              <IconButton
                size="sm"
                variant="outline"
                aria-label={t('cart.increase', { title: line.title })}
                disabled={busy || line.quantity >= CART_MAX_QUANTITY}
                onClick={() => onQuantity(line.refId, line.quantity + 1)}
                data-testid="cart-increase"
              >
                +
              </IconButton>
            </HStack>
            <IconButton size="sm" variant="ghost" aria-label={t('cart.remove', { title: line.title })} disabled={busy} onClick={() => onRemove(line.refId)} data-testid="cart-remove">
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
              </svg>
            </IconButton>
          </HStack>
          {refusals[line.refId] ? (
            <Text mt="2" color="fg.error" fontSize="sm" role="alert" data-testid="cart-refusal">
              {refusals[line.refId]}
            </Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
