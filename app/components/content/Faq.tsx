import { Box, Button, Flex, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, SearchIcon } from './Icons';

export interface FaqItem {
  id: string;
  question: string;
  answerHtml: string;
}

/** A GET form: the search works as a plain link, without JavaScript, and can be bookmarked. */
export function FaqSearch({ query }: { query: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/questions" role="search" aria-label={t('faq.search')}>
      <Stack direction={{ base: 'column', md: 'row' }} gap="2" mt="6" maxW="2xl">
        <Box position="relative" flex="1">
          <Box position="absolute" insetStart="3" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1" display="flex">
            <SearchIcon />
          </Box>
          <label htmlFor="faq-q">
            <Box as="span" srOnly>
              {t('faq.search')}
            </Box>
          </label>
          <Input
            id="faq-q"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={t('faq.searchPlaceholder')}
            maxLength={100}
            autoComplete="off"
            size="lg"
            ps="10"
            bg="bg"
            data-testid="faq-search"
          />
        </Box>
        <Button type="submit" colorPalette="brand" size="lg">
          {t('faq.searchButton')}
        </Button>
      </Stack>
    </Form>
  );
}

/** Questions as native <details>: open and close by click or keyboard with no script. */
export function FaqAccordion({ items, open = false }: { items: FaqItem[]; open?: boolean }) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" data-testid="faq-list">
      {items.map((item) => (
        <Box as="li" key={item.id}>
          <Box
            asChild
            borderWidth="1px"
            borderColor="border"
            borderRadius="l3"
            bg="bg"
            css={{
              '&[open]': { borderColor: 'brand.solid', boxShadow: 'card' },
              '&[open] > summary .faq-chevron': { transform: 'rotate(180deg)' },
            }}
          >
            <details open={open || undefined} id={item.id} data-testid="faq-item">
              <Box
                asChild
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                px={{ base: '4', md: '5' }}
                py="4"
                cursor="pointer"
                listStyle="none"
                fontWeight="semibold"
                fontSize={{ base: 'md', md: 'lg' }}
                borderRadius="l3"
                _hover={{ color: 'brand.fg' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
                css={{ '&::-webkit-details-marker': { display: 'none' } }}
              >
                <summary>
                  <span>{item.question}</span>
                  <Box as="span" className="faq-chevron" color="fg.muted" flexShrink={0} transition="transform 0.15s">
                    <ChevronDownIcon />
                  </Box>
                </summary>
              </Box>
              <Box
                px={{ base: '4', md: '5' }}
                pb="5"
                color="fg.muted"
                lineHeight="tall"
                css={{
                  '& p': { my: '2' },
                  '& p:first-of-type': { mt: 0 },
                  '& ul, & ol': { ps: '6', my: '2' },
                  '& ul': { listStyleType: 'disc' },
                  '& ol': { listStyleType: 'decimal' },
                  '& a': { color: 'brand.fg', textDecoration: 'underline' },
                }}
                dangerouslySetInnerHTML={{ __html: item.answerHtml }}
              />
            </details>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** How many questions are shown: all of them, or those matching the search, with a way back. */
export function FaqResultSummary({ query, shown }: { query: string; shown: number }) {
  const { t } = useTranslation();
  if (!query) {
    return (
      <Text color="fg.muted" data-testid="faq-count">
        {t('faq.count', { count: shown })}
      </Text>
    );
  }
  return (
    <Flex align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap={{ base: '1', md: '4' }}>
      <Text fontWeight="semibold" data-testid="faq-count">
        {t('faq.matches', { count: shown, query })}
      </Text>
      <ChakraLink asChild color="brand.fg" textDecoration="underline" textUnderlineOffset="3px">
        <Link to="/questions">{t('faq.clear')}</Link>
      </ChakraLink>
    </Flex>
  );
}
