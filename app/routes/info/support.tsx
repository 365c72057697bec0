import { Box, Container, Flex, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, MailIcon, QuestionIcon } from '#app/components/content/Icons';
import { PageHeader } from '#app/components/content/PageHeader';
import { Prose } from '#app/components/content/Prose';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './support.server';
import { staticHandle } from '#app/lib/handles';

/** /support: the help centre. The tenant's support.md, with the FAQ and the contact form one click away. */
export { loader } from './support.server';

export const handle = staticHandle('support');

function HelpLink({ to, icon, title, text, testId }: { to: string; icon: ReactNode; title: string; text: string; testId: string }) {
  return (
    <LinkBox
      as="article"
      p={{ base: '5', md: '6' }}
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.solid', boxShadow: 'card' }}
      _focusWithin={{ borderColor: 'brand.solid', boxShadow: 'card' }}
    >
      <Flex gap="4" align="flex-start">
        <Flex flexShrink={0} w="12" h="12" align="center" justify="center" borderRadius="l2" bg="brand.subtle" color="brand.fg">
          {icon}
        </Flex>
        <Box flex="1">
          <Heading as="h2" size="md">
            <LinkOverlay asChild>
              <Link to={to} data-testid={testId}>
                {title}
              </Link>
            </LinkOverlay>
          </Heading>
          <Text mt="1" color="fg.muted">
            {text}
          </Text>
        </Box>
        <Box color="brand.fg" alignSelf="center" display={{ base: 'none', md: 'block' }}>
          <ArrowRightIcon size={20} />
        </Box>
      </Flex>
    </LinkBox>
  );
}

export default function Support() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={page.title} lead={page.description} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <SimpleGrid as="nav" aria-label={page.title} columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }} mb={{ base: '10', md: '14' }}>
          <HelpLink to="/questions" icon={<QuestionIcon />} title={t('support.faqLink')} text={t('support.faqText')} testId="support-faq" />
          <HelpLink to="/contactUs" icon={<MailIcon />} title={t('support.contactLink')} text={t('support.contactText')} testId="support-contact" />
        </SimpleGrid>
        <Prose html={page.html} />
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), data?.page);
