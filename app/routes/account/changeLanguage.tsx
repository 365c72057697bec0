import { Box, Button, Container, Stack, Text } from '@chakra-ui/react';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { getFixedT } from '#server/i18n.server';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { useRootData } from '#app/lib/rootData';
import { safeRedirect } from '#app/lib/safeRedirect';
import { getSessionUser } from '#server/identity/session.server';
import { readForm } from '#server/http/readForm.server';
import { LANGUAGE_COOKIE } from '#server/locale.server';
import { saveProfile } from '#server/services/profiles.server';

/** Plain `lng=<code>` (read by server/locale.server.ts before any route runs), for one year. */
function languageCookie(language: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const t = await getFixedT(context.language);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  return json({ title: t('language.title'), redirectTo }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args;
  const form = await readForm(request, context.language);
  const supported = context.tenant.languages.supported as string[];
  const language = String(form.get('language') ?? '');
  const redirectTo = safeRedirect(String(form.get('redirectTo') ?? '/'));
  if (!supported.includes(language)) {
    const t = await getFixedT(context.language);
    return json({ error: t('language.unsupported') }, { status: 400, headers: { 'Cache-Control': 'private, no-store' } });
  }
  // Signed in: the choice is also the profile's signInLanguageCode (this tenant only).
  const user = await getSessionUser(args);
  if (user) await saveProfile(context.services.db, context.tenant.id, user.sub, { signInLanguageCode: language });
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(redirectTo, { headers: { 'Set-Cookie': languageCookie(language, secure) } });
}

export { staticHandle as handle } from '#app/lib/handles';

/** A plain form with native radio buttons: the screen ships no JavaScript. */
export default function ChangeLanguage() {
  const { t } = useTranslation();
  const { title, redirectTo } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const root = useRootData();
  const current = root?.language ?? 'en';
  const languages = root?.tenant.languages.supported ?? [current];
  return (
    <>
      <PageHeader title={title} lead={t('language.intro')} />
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="10">
        <Form method="post">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {error ? (
            <Text role="alert" color="fg.error" fontWeight="semibold" mb="4">
              {error}
            </Text>
          ) : null}
          <Box as="fieldset" maxW="md">
            <Text as="legend" fontWeight="semibold" mb="3">
              {t('language.label')}
            </Text>
            <Stack gap="2">
              {languages.map((code) => (
                <Box
                  as="label"
                  key={code}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="4"
                  py="3"
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="l2"
                  cursor="pointer"
                  _hover={{ bg: 'brand.subtle' }}
                  css={{ '&:has(input:checked)': { borderColor: 'brand.solid', bg: 'brand.subtle' }, '& input': { accentColor: 'var(--chakra-colors-brand-solid)', width: '1.1rem', height: '1.1rem' } }}
                >
                  <input type="radio" name="language" value={code} defaultChecked={code === current} data-testid={`language-${code}`} />
                  <span lang={code}>{t(`language.names.${code}`)}</span>
                </Box>
              ))}
            </Stack>
          </Box>
          <Button type="submit" colorPalette="brand" mt="6">
            {t('language.save')}
          </Button>
          <Text mt="3" fontSize="sm" color="fg.muted">
            {t('language.current')}: {t(`language.names.${current}`)}
          </Text>
        </Form>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
