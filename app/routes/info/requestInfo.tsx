import { Container } from '@chakra-ui/react';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '~/components/content/PageHeader';
import { FormLayout, SuccessPanel } from '~/components/forms/FormParts';
import { formHeaders } from '~/components/forms/headers';
import { RequestInfoForm } from '~/components/forms/InfoForms';
import { topicFromQuery } from '~/components/forms/schemas';
import { getFixedT } from '~/lib/i18n.server';
import { documentMeta, rootFromMatches } from '~/lib/meta';
import { handleFormAction, type FormActionData } from './forms.server';

/** /requestInfo: demo, pricing and partnership enquiries. ?topic= preselects the topic. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  return json({
    title: t('pages.requestInfo'),
    lead: t('forms.requestInfoLead'),
    topic: topicFromQuery(new URL(request.url).searchParams.get('topic')),
  });
}

export const action = (args: ActionFunctionArgs) => handleFormAction(args, 'requestInfo');

export const headers = formHeaders;

export { staticHandle as handle } from '~/lib/handles';

export default function RequestInfo() {
  const { title, lead, topic } = useLoaderData<typeof loader>();
  const result = useActionData<FormActionData>();
  const location = useLocation();
  const { t } = useTranslation();
  const failed = result?.status === 'error' ? result : null;
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <FormLayout>
          {result?.status === 'success' ? (
            <SuccessPanel message={t('forms.requestInfoSuccess', { email: result.email })} againHref={location.pathname + location.search} />
          ) : (
            <RequestInfoForm
              state={{
                values: failed?.values ?? { topic },
                fieldErrors: failed?.fieldErrors ?? {},
                message: failed?.message ?? null,
              }}
            />
          )}
        </FormLayout>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  documentMeta(rootFromMatches(matches), { title: data?.title, description: data?.lead });
