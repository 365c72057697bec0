import { Alert, Box, Button, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { action, loader } from './demoPage.server';
import { i18nHandle } from '#app/lib/handles';

/** /demoPage (signed-in): one click starts a 30-minute demo room organized by the visitor. */
export { action, loader } from './demoPage.server';
export const handle = i18nHandle('lobby');

export default function DemoPage() {
  const { t } = useTranslation();
  const { title } = useLoaderData<typeof loader>();
  const limited = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Container maxW="5xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }} data-testid="demo-page">
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '8', md: '12' }} alignItems="start">
        <Stack gap="5">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg">{t('lobby.demo.lead')}</Text>
          <List.Root gap="2" ps="5">
            <List.Item>{t('lobby.demo.point1')}</List.Item>
            <List.Item>{t('lobby.demo.point2')}</List.Item>
            <List.Item>{t('lobby.demo.point3')}</List.Item>
          </List.Root>
          {limited ? (
            <Alert.Root status="warning" borderRadius="l2" role="alert" data-testid="demo-limited">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{t('lobby.demo.tooMany', { minutes: limited.retryAfterMinutes })}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Form method="post">
            <Button type="submit" colorPalette="brand" size="lg" w={{ base: 'full', sm: 'auto' }} loading={busy} loadingText={t('lobby.demo.starting')} data-testid="demo-start">
              {t('lobby.demo.start')}
            </Button>
          </Form>
        </Stack>
        <Box borderWidth="1px" borderRadius="l3" p={{ base: '5', md: '6' }} bg="bg.panel">
          <Stack gap="3">
            <Heading as="h2" size="lg">
              {t('lobby.demo.teamTitle')}
            </Heading>
            <Text color="fg.muted">{t('lobby.demo.teamLead')}</Text>
            <Button asChild variant="outline" alignSelf="flex-start" data-testid="demo-team-link">
              <Link to="/teamDemoPage">{t('lobby.demo.teamLink')}</Link>
            </Button>
          </Stack>
        </Box>
      </Grid>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
