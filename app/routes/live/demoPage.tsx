import { Alert, Box, Button, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { action, loader } from './demoPage.server';
import { i18nHandle } from '#app/lib/handles';

/** /demoPage: what the demo is (for everyone); signed-in visitors start a 30-minute demo room they organize in one click. */
export { action, loader } from './demoPage.server';
export const handle = i18nHandle('lobby');

/** A drawn demo room in the tenant's colours: a speaker, three participants, the chat and the controls. */
function DemoIllustration({ label }: { label: string }) {
  const tile = (x: number, y: number, w: number, h: number, key: string, big = false) => (
    <g key={key}>
      <rect x={x} y={y} width={w} height={h} rx="8" fill="var(--chakra-colors-brand-subtle)" />
      <circle cx={x + w / 2} cy={y + h * 0.42} r={big ? 26 : 12} fill="var(--chakra-colors-brand-solid)" opacity="0.85" />
      <rect x={x + w / 2 - (big ? 40 : 18)} y={y + h * 0.42 + (big ? 30 : 14)} width={big ? 80 : 36} height={big ? 34 : 14} rx={big ? 17 : 7} fill="var(--chakra-colors-brand-solid)" opacity="0.85" />
    </g>
  );
  return (
    <Box as="figure" m="0" borderWidth="1px" borderRadius="l3" overflow="hidden" bg="bg.panel" data-testid="demo-illustration">
      <svg viewBox="0 0 400 240" role="img" aria-label={label} style={{ display: 'block', width: '100%', height: 'auto' }}>
        <rect width="400" height="240" fill="var(--chakra-colors-bg-muted)" />
        {tile(12, 12, 260, 150, 'speaker', true)}
        {[0, 1, 2].map((i) => tile(12 + i * 88, 170, 80, 58, `p${i}`))}
        <rect x="284" y="12" width="104" height="216" rx="8" fill="var(--chakra-colors-bg)" />
        {[0, 1, 2, 3].map((i) => (
          <rect key={i} x="294" y={26 + i * 34} width={i % 2 ? 64 : 84} height="20" rx="10" fill={i % 2 ? 'var(--chakra-colors-brand-subtle)' : 'var(--chakra-colors-bg-muted)'} />
        ))}
        <rect x="294" y="196" width="84" height="20" rx="6" fill="var(--chakra-colors-bg-muted)" />
      </svg>
    </Box>
  );
}

export default function DemoPage() {
  const { t } = useTranslation();
  const { title, signedIn } = useLoaderData<typeof loader>();
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
          {signedIn ? (
            <Form method="post">
              <Button type="submit" colorPalette="brand" size="lg" w={{ base: 'full', sm: 'auto' }} loading={busy} loadingText={t('lobby.demo.starting')} data-testid="demo-start">
                {t('lobby.demo.start')}
              </Button>
            </Form>
          ) : (
            <Stack gap="3" data-testid="demo-anonymous">
              <Text color="fg.muted">{t('lobby.demo.needAccount')}</Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button asChild colorPalette="brand" size="lg">
                  <a href={`/signUp?redirectTo=${encodeURIComponent('/demoPage')}`} data-testid="demo-sign-up">{t('lobby.demo.createAccount')}</a>
                </Button>
                <Button asChild variant="outline" colorPalette="brand" size="lg">
                  <a href={`/signIn?redirectTo=${encodeURIComponent('/demoPage')}`} data-testid="demo-sign-in">{t('lobby.demo.signIn')}</a>
                </Button>
              </Stack>
            </Stack>
          )}
        </Stack>
        <Stack gap="6">
          <DemoIllustration label={t('lobby.demo.illustration')} />
          <Box borderWidth="1px" borderRadius="l3" p={{ base: '5', md: '6' }} bg="bg.panel">
            <Stack gap="3">
              <Heading as="h2" size="lg">
                {t('lobby.demo.teamTitle')}
              </Heading>
              <Text color="fg.muted">{t('lobby.demo.teamLead')}</Text>
              {/* A long label (French) wraps inside the card instead of reaching past it. */}
              <Button asChild variant="outline" alignSelf="flex-start" maxW="full" h="auto" minH="10" py="2" whiteSpace="normal" textAlign="start" data-testid="demo-team-link">
                <Link to={signedIn ? '/teamDemoPage' : `/signIn?redirectTo=${encodeURIComponent('/teamDemoPage')}`}>{t('lobby.demo.teamLink')}</Link>
              </Button>
            </Stack>
          </Box>
        </Stack>
      </Grid>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
