import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { detailHref, type ArticleCard, type ArticleView, type CollectionRoute } from '#app/lib/content/collections';
import { outlineHtml } from '#app/lib/content/outline';
import { EmptyNote } from './EmptyNote';
import { ArrowLeftIcon, ArrowRightIcon } from './Icons';
import { AsideCard, ContactCard, OnThisPage } from './InfoAside';
import { InfoLayout } from './InfoLayout';
import { PageHeader } from './PageHeader';
import { Prose } from './Prose';

/** Location and employment type of a job, as small badges. */
function JobFacts({ article, size = 'md' }: { article: Pick<ArticleCard, 'location' | 'employmentType'>; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  if (!article.location && !article.employmentType) return null;
  return (
    <HStack as="dl" gap="2" flexWrap="wrap" data-testid="job-facts">
      {article.location ? (
        <Badge size={size} variant="outline" colorPalette="gray" bg="bg" asChild>
          <div>
            <Box as="dt" srOnly>
              {t('articles.location')}
            </Box>
            <Box as="dd" display="inline-flex" alignItems="center" gap="1">
              <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12z" />
                <circle cx="12" cy="9" r="2.5" />
              </svg>
              {article.location}
            </Box>
          </div>
        </Badge>
      ) : null}
      {article.employmentType ? (
        <Badge size={size} variant="outline" colorPalette="brand" bg="bg" asChild>
          <div>
            <Box as="dt" srOnly>
              {t('articles.employmentType')}
            </Box>
            <Box as="dd">{article.employmentType}</Box>
          </div>
        </Badge>
      ) : null}
    </HStack>
  );
}

function ArticleDate({ article }: { article: Pick<ArticleCard, 'date' | 'dateLabel'> }) {
  const { t } = useTranslation();
  if (!article.date || !article.dateLabel) return null;
  return (
    <Text fontSize="sm" color="fg.muted">
      <time dateTime={article.date}>{t('articles.published', { date: article.dateLabel })}</time>
    </Text>
  );
}

export function ArticleCardView({ route, article }: { route: CollectionRoute; article: ArticleCard }) {
  const { t } = useTranslation();
  const href = detailHref(route, article.slug);
  return (
    <Card.Root as="article" h="full" borderRadius="l3" bg="bg" _hover={{ borderColor: 'brand.solid' }} data-testid="article-card">
      <Card.Body gap="3" p={{ base: '5', md: '6' }}>
        <ArticleDate article={article} />
        <Heading as="h2" size={{ base: 'lg', md: 'xl' }} lineHeight="short">
          <ChakraLink asChild color="fg" _hover={{ color: 'brand.fg' }}>
            <Link to={href}>{article.title}</Link>
          </ChakraLink>
        </Heading>
        {route === 'job' ? <JobFacts article={article} size="sm" /> : null}
        {article.summary ? (
          <Text color="fg.muted" flex="1">
            {article.summary}
          </Text>
        ) : (
          <Box flex="1" />
        )}
        <ChakraLink asChild color="brand.fg" fontWeight="semibold" display="inline-flex" alignItems="center" gap="1" alignSelf="flex-start">
          <Link to={href} aria-label={t('articles.readMoreAbout', { title: article.title })} tabIndex={-1}>
            {t('articles.readMore')}
            <ArrowRightIcon />
          </Link>
        </ChakraLink>
      </Card.Body>
    </Card.Root>
  );
}

/** The open-application card beside the job list: people whose role is not listed still have a way in. */
function OpenApplicationCard() {
  const { t } = useTranslation();
  return (
    <AsideCard id="aside-open-application" title={t('infoAside.openTitle')} text={t('infoAside.openText')} testId="open-application">
      <Button asChild colorPalette="brand" variant="outline" mt="5" w="full">
        <Link to={`/contactUs?subject=${encodeURIComponent(t('articles.openApplication'))}`}>{t('articles.openApplication')}</Link>
      </Button>
    </AsideCard>
  );
}

/**
 * /blog, /news, /job: header band and the tenant's articles, newest first, or an empty state. Jobs
 * are few, so their list sits beside the open-application card instead of in a half-empty grid.
 */
export function ArticleListPage({ route, title, lead, articles }: { route: CollectionRoute; title: string; lead: string; articles: ArticleCard[] }) {
  const { t } = useTranslation();
  const jobs = route === 'job';
  const body = articles.length ? (
    <SimpleGrid as="ul" listStyleType="none" columns={jobs ? { base: 1, md: 2 } : { base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '6' }} data-testid="article-list">
      {articles.map((article) => (
        <Box as="li" key={article.slug}>
          <ArticleCardView route={route} article={article} />
        </Box>
      ))}
    </SimpleGrid>
  ) : (
    <EmptyNote title={jobs ? t('articles.emptyJobs') : t('articles.empty')} testId="articles-empty">
      {jobs ? (
        <Button asChild colorPalette="brand">
          <Link to={`/contactUs?subject=${encodeURIComponent(t('articles.openApplication'))}`}>{t('articles.openApplication')}</Link>
        </Button>
      ) : (
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      )}
    </EmptyNote>
  );
  return (
    <>
      <PageHeader title={title} lead={lead} />
      {jobs && articles.length ? (
        <InfoLayout aside={<OpenApplicationCard />}>{body}</InfoLayout>
      ) : (
        <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
          {body}
        </Container>
      )}
    </>
  );
}

/** /blogDetails, /newsDetails, /jobDetails: one article; jobs add their facts and an Apply box. */
export function ArticleDetailPage({ route, listHref, listTitle, article }: { route: CollectionRoute; listHref: string; listTitle: string; article: ArticleView }) {
  const { t } = useTranslation();
  const external = article.applyHref?.startsWith('https://');
  const outline = outlineHtml(article.html);
  return (
    <>
      <PageHeader title={article.title} lead={article.summary || undefined}>
        <Stack mt="5" gap="3">
          <Flex gap="4" align="center" wrap="wrap" color="fg.muted" fontSize="sm">
            <ArticleDate article={article} />
            {article.author ? <Text>{t('articles.byAuthor', { author: article.author })}</Text> : null}
          </Flex>
          {route === 'job' ? <JobFacts article={article} size="lg" /> : null}
        </Stack>
      </PageHeader>
      <InfoLayout
        aside={
          <>
            {article.applyHref ? (
              <AsideCard id="apply-title" title={t('articles.applyTitle')} text={t('articles.applyText')} testId="apply-box">
                <Button asChild colorPalette="brand" mt="5" w="full" size="lg">
                  {external ? (
                    <a href={article.applyHref} target="_blank" rel="noopener noreferrer" data-testid="apply-link">
                      {t('articles.apply')}
                    </a>
                  ) : (
                    <a href={article.applyHref} data-testid="apply-link">
                      {t('articles.apply')}
                    </a>
                  )}
                </Button>
              </AsideCard>
            ) : null}
            <OnThisPage headings={outline.headings} />
            {article.applyHref ? null : <ContactCard />}
          </>
        }
      >
        <nav aria-label={listTitle}>
          <ChakraLink asChild color="brand.fg" fontWeight="medium" display="inline-flex" alignItems="center" gap="1.5" mb="8">
            <Link to={listHref}>
              <ArrowLeftIcon />
              {t('articles.back')}
            </Link>
          </ChakraLink>
        </nav>
        <Prose html={outline.html} data-testid="article-body" />
      </InfoLayout>
    </>
  );
}

export interface ArticleListData {
  route: CollectionRoute;
  title: string;
  lead: string;
  articles: ArticleCard[];
}

export interface ArticleDetailData {
  route: CollectionRoute;
  listHref: string;
  listTitle: string;
  article: ArticleView;
}

/** Route component of /blog, /news and /job. */
export function ArticleListRoute() {
  return <ArticleListPage {...useLoaderData<ArticleListData>()} />;
}

/** Route component of /blogDetails, /newsDetails and /jobDetails. */
export function ArticleDetailRoute() {
  return <ArticleDetailPage {...useLoaderData<ArticleDetailData>()} />;
}

export const articleListMeta: MetaFunction = ({ data, matches }) => {
  const d = data as ArticleListData | undefined;
  return documentMeta(rootFromMatches(matches), { title: d?.title, description: d?.lead });
};

export const articleDetailMeta: MetaFunction = ({ data, matches }) => {
  const d = data as ArticleDetailData | undefined;
  return [
    ...documentMeta(rootFromMatches(matches), { title: d?.article.title, description: d?.article.summary }),
    ...(d?.article.date ? [{ property: 'article:published_time', content: d.article.date }] : []),
  ];
};
