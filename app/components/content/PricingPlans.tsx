import { Badge, Box, Button, Card, Flex, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from './Icons';

export interface PlanCardData {
  id: string;
  name: string;
  price: string | null;
  features: string[];
  highlighted: boolean;
  free: boolean;
}

/** A free plan starts with an account; every other plan goes to the sales form with the plan named (docs/decisions/0040). */
export function planCta(plan: Pick<PlanCardData, 'id' | 'free'>): string {
  return plan.free ? '/signUp' : `/requestInfo?topic=pricing&plan=${encodeURIComponent(plan.id)}`;
}

/** One plan: name, monthly price (or "custom"), what it includes and its call to action. */
export function PlanCard({ plan }: { plan: PlanCardData }) {
  const { t } = useTranslation();
  const headingId = `plan-${plan.id}`;
  const cta = planCta(plan);
  const label = plan.free ? t('pricing.choose') : plan.price === null ? t('pricing.contactUs') : t('pricing.talkToSales');
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      position="relative"
      h="full"
      borderWidth={plan.highlighted ? '2px' : '1px'}
      borderColor={plan.highlighted ? 'brand.solid' : 'border'}
      borderRadius="l3"
      boxShadow={plan.highlighted ? 'card' : undefined}
      bg="bg"
      data-testid={`plan-${plan.id}`}
      data-highlighted={plan.highlighted ? 'true' : undefined}
    >
      <Card.Body gap="5" p={{ base: '5', md: '5', lg: '6' }}>
        <Flex direction="column" gap="2" minH={{ md: '28' }}>
          <Flex align="center" justify="space-between" gap="2" wrap="wrap">
            <Heading as="h2" id={headingId} size="lg">
              {plan.name}
            </Heading>
            {plan.highlighted ? (
              <Badge colorPalette="brand" variant="solid" borderRadius="full" px="2.5" data-testid="plan-popular">
                {t('pricing.popular')}
              </Badge>
            ) : null}
          </Flex>
          {plan.price !== null ? (
            <Box>
              <Text as="span" fontSize={{ base: '4xl', md: '3xl', lg: '4xl' }} fontWeight="bold" lineHeight="1" data-testid="plan-price">
                {plan.price}
              </Text>
              <Text as="span" ms="1" color="fg.muted" fontSize="md">
                {t('pricing.perMonth')}
              </Text>
            </Box>
          ) : (
            <Box>
              <Text fontSize={{ base: '2xl', md: 'xl', lg: '2xl' }} fontWeight="bold" lineHeight="short" data-testid="plan-price">
                {t('pricing.customPrice')}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {t('pricing.customPriceNote')}
              </Text>
            </Box>
          )}
        </Flex>
        <Box flex="1">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="3">
            {t('pricing.includes')}
          </Text>
          <List.Root gap="2.5" variant="plain">
            {plan.features.map((feature) => (
              <List.Item key={feature} alignItems="flex-start" gap="2">
                <Box as="span" color="brand.fg" mt="0.5" flexShrink={0}>
                  <CheckIcon />
                </Box>
                <Text as="span">{feature}</Text>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Button asChild colorPalette="brand" variant={plan.highlighted ? 'solid' : 'outline'} size="lg" w="full">
          <Link to={cta} aria-describedby={headingId} data-testid="plan-cta">{label}</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

export function PricingPlans({ plans, columns }: { plans: PlanCardData[]; columns: { base: number; md: number; lg: number } }) {
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={columns}
      // One or two plans would stretch across the whole page: keep them card-sized, centred.
      maxW={plans.length === 1 ? 'md' : plans.length === 2 ? '4xl' : undefined}
      mx="auto"
      gap={{ base: '5', md: '4', lg: '6' }} alignItems="stretch" data-testid="pricing-plans">
      {plans.map((plan) => (
        <Box as="li" key={plan.id}>
          <PlanCard plan={plan} />
        </Box>
      ))}
    </SimpleGrid>
  );
}
