import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { Container } from '@chakra-ui/react';
import { PageHeader } from './PageHeader';
import { Prose } from './Prose';

export interface ContentPageData {
  page: { title: string; description: string; html: string; meta: Record<string, unknown> };
}

/** A markdown page: header band with its title and lead, then the body. */
export function ContentPageView({ page }: ContentPageData) {
  return (
    <>
      <PageHeader title={page.title} lead={page.description} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <Prose html={page.html} />
      </Container>
    </>
  );
}

/** Route component for every markdown page (about, features, legal …). */
export function ContentRoute() {
  return <ContentPageView {...useLoaderData<ContentPageData>()} />;
}

export const contentMeta: MetaFunction = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), (data as ContentPageData | undefined)?.page);
