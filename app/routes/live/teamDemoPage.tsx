import { Alert, Box, Button, Container, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import type { action, loader } from './teamDemoPage.server';
import { i18nHandle } from '#app/lib/handles';

/**
 * /teamDemoPage (signed-in): create a one-hour team demo and share its invite link;
 * ?invite=<code> sends whoever opens the link to the room's lobby; ?created=<id> shows the link.
 */
export { action, loader } from './teamDemoPage.server';
export const handle = i18nHandle('lobby');

function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label htmlFor="team-invite" fontWeight="semibold">
          {t('lobby.team.inviteLabel')}
        </Field.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
          <Input
            id="team-invite"
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            size="lg"
            bg="bg"
            fontFamily="mono"
            fontSize="sm"
            aria-describedby="team-invite-help"
            data-testid="team-invite-link"
          />
          <Button onClick={() => void copy()} size="lg" variant="outline" flexShrink={0} data-testid="team-invite-copy">
            {t('lobby.team.copy')}
          </Button>
        </Stack>
        <Field.HelperText id="team-invite-help">{t('lobby.team.inviteHelp')}</Field.HelperText>
      </Field.Root>
      <Text role="status" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.success'} data-testid="team-invite-copy-status" minH="5">
        {state === 'copied' ? t('lobby.team.copied') : state === 'failed' ? t('lobby.team.copyFailed') : ''}
      </Text>
    </Stack>
  );
}

export default function TeamDemoPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const limited = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  if (data.view === 'invalid') {
    return (
      <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '14' }} data-testid="team-invite-invalid">
        <Stack gap="5" align="flex-start">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {data.title}
          </Heading>
          <Text fontSize="lg">{t('lobby.team.invalidBody')}</Text>
          <Button asChild colorPalette="brand">
            <Link to="/teamDemoPage">{t('lobby.team.create')}</Link>
          </Button>
        </Stack>
      </Container>
    );
  }

  const createForm = (label: string, variant: 'solid' | 'outline') => (
    <Form method="post" action="/teamDemoPage">
      <Button type="submit" colorPalette="brand" variant={variant} size="lg" w={{ base: 'full', sm: 'auto' }} loading={busy} loadingText={t('lobby.team.creating')} data-testid="team-create">
        {label}
      </Button>
    </Form>
  );

  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }} data-testid="team-demo">
      <Stack gap="6">
        <Stack gap="3">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            {data.title}
          </Heading>
          <Text fontSize="lg">{t('lobby.team.lead')}</Text>
        </Stack>
        {limited ? (
          <Alert.Root status="warning" borderRadius="l2" role="alert" data-testid="demo-limited">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t('lobby.demo.tooMany', { minutes: limited.retryAfterMinutes })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {data.view === 'ready' ? (
          <Box borderWidth="1px" borderRadius="l3" p={{ base: '4', md: '6' }} bg="bg.panel" data-testid="team-ready">
            <Stack gap="5">
              <Stack gap="1">
                <Heading as="h2" size="lg">
                  {t('lobby.team.readyTitle')}
                </Heading>
                <Text color="fg.muted">
                  {t('lobby.team.openUntil')} <LocalTime iso={data.openUntil} fallbackZone={data.fallbackZone} style="dateTime" />
                </Text>
              </Stack>
              <CopyLink url={data.inviteUrl} />
              <HStack gap="3" flexWrap="wrap">
                <Button asChild colorPalette="brand" size="lg" data-testid="team-enter">
                  <Link to={data.roomHref}>{t('lobby.team.enter')}</Link>
                </Button>
              </HStack>
            </Stack>
          </Box>
        ) : null}
        {data.view === 'ready' ? createForm(t('lobby.team.another'), 'outline') : createForm(t('lobby.team.create'), 'solid')}
      </Stack>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => documentMeta(rootFromMatches(matches), { title: data?.title });
