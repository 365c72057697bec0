import { Container } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { FormLayout, SuccessPanel } from './FormParts';
import { ContactUsForm, RequestInfoForm } from './InfoForms';
import type { FieldErrors, FormKind, FormValues } from '#app/lib/forms/schemas';

/** What a form screen's loader returns (see loadFormScreen in server/site/infoForms.server.ts). */
export interface FormScreenData {
  title: string;
  lead: string;
  initialValues: FormValues;
}

/** Mirrors FormActionData of server/site/infoForms.server.ts, which this browser-safe module cannot import. */
type ActionResult =
  | { status: 'success'; email: string }
  | { status: 'error'; message: string; values: FormValues; fieldErrors: FieldErrors };

const FORMS = {
  contactUs: { Form: ContactUsForm, success: 'forms.contactUsSuccess' },
  requestInfo: { Form: RequestInfoForm, success: 'forms.requestInfoSuccess' },
} as const;

/** A form screen: header band, the form (with errors and typed values) or the success panel. */
export function InfoFormScreen({ kind }: { kind: FormKind }) {
  const { title, lead, initialValues } = useLoaderData<FormScreenData>();
  const result = useActionData<ActionResult>();
  const location = useLocation();
  const { t } = useTranslation();
  const failed = result?.status === 'error' ? result : null;
  const { Form, success } = FORMS[kind];
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <FormLayout>
          {result?.status === 'success' ? (
            <SuccessPanel message={t(success, { email: result.email })} againHref={location.pathname + location.search} />
          ) : (
            <Form
              state={{
                values: failed?.values ?? initialValues,
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

export const formScreenMeta: MetaFunction = ({ data, matches }) => {
  const screen = data as FormScreenData | undefined;
  return documentMeta(rootFromMatches(matches), { title: screen?.title, description: screen?.lead });
};
