import { Button, Container, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { createCookie, json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageHeader } from '~/components/content/PageHeader';
import { getFixedT } from '~/lib/i18n.server';
import { documentMeta, rootFromMatches } from '~/lib/meta';
import { useRootData } from '~/lib/rootData';
import { LANGUAGE_COOKIE } from '../../../server/locale.server';

function languageCookie(secure: boolean) {
  return createCookie(LANGUAGE_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: 60 * 60 * 24 * 365 });
}

/** Only same-site paths are accepted as a return address. */
const redirectSchema = z
  .string()
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch('/');

export async function loader({ context }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  return json({ title: t('language.title') }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const supported = context.tenant.languages.supported as string[];
  const language = String(form.get('language') ?? '');
  const redirectTo = redirectSchema.parse(String(form.get('redirectTo') ?? '/'));
  if (!supported.includes(language)) {
    return json({ error: 'unsupported' as const }, { status: 400 });
  }
  const cookie = await languageCookie(context.env.NODE_ENV === 'production').serialize(language, { encode: String });
  return redirect(redirectTo, { headers: { 'Set-Cookie': cookie } });
}

export { staticHandle as handle } from '~/lib/handles';

export default function ChangeLanguage() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  return (
    <>
      <PageHeader title={title} lead={t('language.intro')} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <LanguageForm current={i18n.language} />
      </Container>
    </>
  );
}

function LanguageForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const root = useRootLanguages();
  return (
    <Form method="post" reloadDocument>
      <input type="hidden" name="redirectTo" value="/" />
      <Fieldset.Root maxW="md">
        <Fieldset.Legend fontWeight="semibold">{t('language.label')}</Fieldset.Legend>
        <RadioGroup.Root name="language" defaultValue={current} mt="3">
          <Stack gap="3">
            {root.map((code) => (
              <RadioGroup.Item key={code} value={code}>
                <RadioGroup.ItemHiddenInput data-testid={`language-${code}`} />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText lang={code}>{t(`language.names.${code}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Fieldset.Root>
      <Button type="submit" colorPalette="brand" mt="6">
        {t('language.save')}
      </Button>
      <Text mt="3" fontSize="sm" color="fg.muted">
        {t('language.current')}: {t(`language.names.${current}`)}
      </Text>
    </Form>
  );
}

function useRootLanguages() {
  return useRootData()?.tenant.languages.supported ?? ['en'];
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
