/** /vod and /aod: the library of one kind with its search, filters, cards and pages (loading, empty and no-match states). */
import { Button, Container, HStack, Stack } from '@chakra-ui/react';
import { Link, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { PageHeader } from '#app/components/content/PageHeader';
import { catalogHref, type CatalogCard, type CatalogKind, type CatalogOption, type CatalogQuery } from '#app/lib/ondemand/catalog';
import { CatalogFilters } from './CatalogFilters';
import { CatalogGrid } from './CatalogGrid';
import { SignInNote } from './SignInNote';

export interface CatalogScreenData {
  kind: CatalogKind;
  path: string;
  query: CatalogQuery;
  cards: CatalogCard[];
  next: string | null;
  organizers: CatalogOption[];
  languages: CatalogOption[];
  total: number;
  signedIn: boolean;
}

export function CatalogScreen({ data }: { data: CatalogScreenData }) {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  const { kind, path, query } = data;
  const section = kind === 'video' ? 'vod' : 'aod';
  return (
    <>
      <PageHeader title={t(`ondemand.${section}.title`)} lead={t(`ondemand.${section}.lead`)} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} aria-busy={loading} data-testid="catalog">
        <Stack gap="6" opacity={loading ? 0.6 : 1} transition="opacity 0.2s">
          {data.signedIn ? null : <SignInNote text={t('ondemand.signInHint')} testId="catalog-sign-in" />}
          {data.total ? <CatalogFilters path={path} query={query} organizers={data.organizers} languages={data.languages} /> : null}
          {data.cards.length ? (
            <CatalogGrid kind={kind} cards={data.cards} />
          ) : (
            <EmptyNote title={t(data.total ? `ondemand.${section}.noMatch` : `ondemand.${section}.empty`)} testId={data.total ? 'catalog-no-match' : 'catalog-empty'} />
          )}
          {query.after || data.next ? (
            <HStack as="nav" aria-label={t('ondemand.paging.label')} justify="space-between" gap="3">
              {query.after ? (
                <Button asChild variant="outline">
                  <Link to={catalogHref(path, query, { after: undefined })}>{t('ondemand.paging.first')}</Link>
                </Button>
              ) : (
                <span />
              )}
              {data.next ? (
                <Button asChild colorPalette="brand" variant="outline">
                  <Link to={catalogHref(path, query, { after: data.next })} data-testid="catalog-next">
                    {t('ondemand.paging.next')}
                  </Link>
                </Button>
              ) : null}
            </HStack>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}
