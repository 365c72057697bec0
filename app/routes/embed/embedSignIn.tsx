import { Alert, Button, Card, Container, Heading, HStack, Text } from '@chakra-ui/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nHandle } from '#app/lib/handles';
import { documentMeta, rootFromMatches } from '#app/lib/meta';
import { useRootData } from '#app/lib/rootData';
import type { action, loader } from './embedSignIn.server';

/** /embed/signIn: the site's own window that lets an embed frame in (docs/decisions/0089). */
export { action, loader } from './embedSignIn.server';
export const handle = i18nHandle('embeds');

export default function EmbedSignIn() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const site = useRootData()?.tenant.displayName ?? '';
  const busy = useNavigation().state !== 'idle';
  const granted = result?.state === 'granted';
  // Opened as a popup: close once the frame has what it needs (the frame polls for it).
  useEffect(() => {
    if (granted && window.opener !== null) setTimeout(() => window.close(), 1500);
  }, [granted]);
  const problem = data.state === 'badLink' || result?.state === 'badLink' || result?.state === 'signedOut';
  return (
    <Container maxW="lg" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <Card.Root borderRadius="l3">
        <Card.Body gap="4" p={{ base: '5', md: '6' }}>
          <Heading as="h1" size="lg">
            {t('embeds.confirm.title')}
          </Heading>
          {problem ? (
            <Alert.Root status="warning" data-testid="embed-confirm-expired">
              <Alert.Indicator />
              <Alert.Title>{t('embeds.confirm.expired')}</Alert.Title>
            </Alert.Root>
          ) : granted ? (
            <Alert.Root status="success" role="status" data-testid="embed-confirm-done">
              <Alert.Indicator />
              <Alert.Title>{t('embeds.confirm.done')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Form method="post">
              <input type="hidden" name="pair" value={data.pair} />
              {data.returnTo ? <input type="hidden" name="return" value={data.returnTo} /> : null}
              <Text mb="5">{t('embeds.confirm.text', { site, name: data.name })}</Text>
              <HStack gap="3" flexWrap="wrap">
                <Button type="submit" colorPalette="brand" loading={busy} data-testid="embed-confirm-allow">
                  {t('embeds.confirm.allow')}
                </Button>
                <Button type="button" variant="outline" onClick={() => window.close()}>
                  {t('embeds.confirm.cancel')}
                </Button>
              </HStack>
            </Form>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => documentMeta(rootFromMatches(matches), {});
