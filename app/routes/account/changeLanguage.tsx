import { Box, Button, Container, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/content/PageHeader';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { useRootData } from '#app/lib/rootData';
import type { action, loader } from './changeLanguage.server';
import { staticHandle } from '#app/lib/handles';

export { action, loader } from './changeLanguage.server';

export const handle = staticHandle();

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
            {t('language.labelValue', { label: t('language.current'), value: t(`language.names.${current}`) })}
          </Text>
        </Form>
      </Container>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
