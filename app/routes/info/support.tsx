import { Box, Flex, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, MailIcon, QuestionIcon } from '#app/components/content/Icons';
import { OnThisPage } from '#app/components/content/InfoAside';
import { InfoLayout } from '#app/components/content/InfoLayout';
import { PageHeader } from '#app/components/content/PageHeader';
import { Prose } from '#app/components/content/Prose';
import { outlineHtml } from '#app/lib/content/outline';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './support.server';
import { staticHandle } from '#app/lib/handles';

/** /support: the help centre. The tenant's support.md, with the FAQ and the contact form one click away. */
export { loader } from './support.server';

export const handle = staticHandle('support', 'infoAside');

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
        <Box color="brand.fg" alignSelf="center" display={{ base: 'none', md: 'block', lg: 'none', xl: 'block' }}>
          <ArrowRightIcon size={20} />
        </Box>
      </Flex>
    </LinkBox>
  );
}

export default function Support() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { html, headings } = outlineHtml(page.html);
  // The two ways to get help come first on phones and stay beside the text on desktop.
  return (
    <>
      <PageHeader title={page.title} lead={page.description} />
      <InfoLayout
        asideFirst
        aside={
          <>
            <Stack as="nav" aria-label={page.title} gap="4">
              <HelpLink to="/questions" icon={<QuestionIcon />} title={t('support.faqLink')} text={t('support.faqText')} testId="support-faq" />
              <HelpLink to="/contactUs" icon={<MailIcon />} title={t('support.contactLink')} text={t('support.contactText')} testId="support-contact" />
            </Stack>
            <OnThisPage headings={headings} />
          </>
        }
      >
        <Prose html={html} />
      </InfoLayout>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), data?.page);
