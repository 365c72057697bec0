import { Button, Container, Stack } from '@chakra-ui/react';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CtaBand } from '#app/components/content/CtaBand';
import { EmptyNote } from '#app/components/content/EmptyNote';
import { FaqAccordion, FaqResultSummary, FaqSearch } from '#app/components/content/Faq';
import { PageHeader } from '#app/components/content/PageHeader';
import { getFixedT } from '#server/i18n.server';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { filterFaq, frenchSpacing, readQuery } from '#server/screens/faq.server';

/**
 * /questions: the FAQ from the tenant's questions.md. ?q= filters it on the server (case and
 * accents ignored), so the search is a plain GET form and works without JavaScript.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const faq = context.services.content.faq(context.tenant, context.language);
  if (!faq) throw new Response('Not found', { status: 404 });
  const t = await getFixedT(context.language);
  const query = readQuery(new URL(request.url).searchParams.get('q'));
  const entries = faq.entries.map((e, i) => ({ ...e, id: `q${i + 1}` }));
  const shown = filterFaq(entries, query);
  return json({
    title: faq.page.title || t('pages.questions'),
    description: faq.page.description,
    query,
    total: entries.length,
    items: shown.map(({ id, question, answerHtml }) => ({
      id,
      question: context.language === 'fr' ? frenchSpacing(question) : question,
      answerHtml,
    })),
  });
}

export { staticHandle as handle } from '#app/lib/handles';

export default function Questions() {
  const { title, description, query, total, items } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={description || undefined}>
        {total ? <FaqSearch query={query} /> : null}
      </PageHeader>
      <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
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
        <CtaBand id="faq-still" title={t('faq.stillTitle')} text={t('faq.stillText')} cta={t('footer.contactUs')} to="/contactUs" />
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title, description: data?.description });
