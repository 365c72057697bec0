import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { getFixedT } from '#server/i18n.server';
import { filterFaq, frenchSpacing, readQuery } from '#server/site/faq.server';

export async function loader({ context, request }: LoaderFunctionArgs) {
  const faq = context.services.content.faq(context.tenant, context.language);
  if (!faq) throw new Response('Not found', { status: 404 });
  const t = await getFixedT(context.languageTag);
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
