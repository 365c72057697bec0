import { Button, Stack } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { FaqAccordion, FaqResultSummary, FaqSearch } from '#app/components/content/Faq';
import { ContactCard } from '#app/components/content/InfoAside';
import { InfoLayout } from '#app/components/content/InfoLayout';
import { PageHeader } from '#app/components/content/PageHeader';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { loader } from './questions.server';
import { staticHandle } from '#app/lib/handles';

/**
 * /questions: the FAQ from the tenant's questions.md. ?q= filters it on the server (case and
 * accents ignored), so the search is a plain GET form and works without JavaScript.
 */
export { loader } from './questions.server';

export const handle = staticHandle('faq', 'infoAside');

export default function Questions() {
  const { title, description, query, total, items } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={description || undefined}>
        {total ? <FaqSearch query={query} /> : null}
      </PageHeader>
      <InfoLayout aside={<ContactCard title={t('faq.stillTitle')} text={t('faq.stillText')} />}>
        {total ? (
          items.length ? (
            <Stack gap="5">
              <FaqResultSummary query={query} shown={items.length} />
              <FaqAccordion items={items} open={Boolean(query) && items.length <= 3} />
            </Stack>
          ) : (
            <EmptyNote title={t('faq.noMatch', { query })} description={t('faq.noMatchHint')} testId="faq-no-match">
              <Button asChild variant="outline" colorPalette="brand">
                <Link to="/questions">{t('faq.clear')}</Link>
              </Button>
            </EmptyNote>
          )
        ) : (
          <EmptyNote title={t('faq.empty')} testId="faq-empty" />
        )}
      </InfoLayout>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title, description: data?.description });
