import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { outlineHtml } from '#app/lib/content/outline';
import { ContactCard, OnThisPage } from './InfoAside';
import { InfoLayout } from './InfoLayout';
import { PageHeader } from './PageHeader';
import { Prose } from './Prose';

export interface ContentPageData {
  page: { title: string; description: string; html: string; meta: Record<string, unknown> };
}

/** A markdown page: header band with its title and lead, then the body beside its sections and the contact card. */
export function ContentPageView({ page }: ContentPageData) {
  const { html, headings } = outlineHtml(page.html);
  return (
    <>
      <PageHeader title={page.title} lead={page.description} />
      <InfoLayout
        aside={
          <>
            <OnThisPage headings={headings} />
            <ContactCard />
          </>
        }
      >
        <Prose html={html} />
      </InfoLayout>
    </>
  );
}

/** Route component for every markdown page (about, features, legal …). */
export function ContentRoute() {
  return <ContentPageView {...useLoaderData<ContentPageData>()} />;
}

export const contentMeta: MetaFunction = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), (data as ContentPageData | undefined)?.page);
