/**
 * Signing in inside an embed frame (docs/decisions/0089). The frame cannot use the site's cookies
 * (another site frames it; third-party cookies may be blocked), so "Sign in" opens the site's own
 * window, first-party, where the person signs in as usual and lets this frame in; the frame
 * collects that grant (polling the site with the secret request only it and the window know) and
 * reloads with its own partitioned embed session. When the browser blocks the window, a link hops
 * the whole tab to the site and back to the host page, where the frame collects the grant.
 */
import { Button, HStack, Link, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { collectSignIn, hostHref, newPair, pendingPair, rememberPair, signOutHere } from '#app/lib/embed/client';
import { EMBED_SIGN_IN_PATH } from '#app/lib/embed/paths';

const POLL_MS = 1500;
/** How long the frame waits for the person to sign in in the other window. */
const WAIT_MS = 5 * 60_000;

type State = 'idle' | 'waiting' | 'blocked' | 'failed';

export function EmbedSignIn({ signedIn, site }: { signedIn: 'site' | 'embed' | null; site: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const [pair, setPair] = useState<string | null>(null);
  const host = useRef<string | null>(null);
  const stopped = useRef(false);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const href = hostHref(event);
      if (href) host.current = href;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Back from a top-level hop: the grant may be waiting.
  useEffect(() => {
    const pending = pendingPair();
    if (!pending || signedIn) return;
    rememberPair(null);
    void collectSignIn(pending).then((ok) => ok && window.location.reload());
  }, [signedIn]);

  useEffect(() => {
    if (state !== 'waiting' || !pair) return;
    stopped.current = false;
    const until = Date.now() + WAIT_MS;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      if (stopped.current) return;
      const ok = await collectSignIn(pair).catch(() => false);
      if (stopped.current) return;
      if (ok) {
        rememberPair(null);
        window.location.reload();
        return;
      }
      if (Date.now() > until) setState('failed');
      else timer = setTimeout(tick, POLL_MS);
    };
    timer = setTimeout(tick, POLL_MS);
    return () => {
      stopped.current = true;
      clearTimeout(timer);
    };
  }, [state, pair]);

  const start = () => {
    const next = newPair();
    setPair(next);
    rememberPair(next);
    const popup = window.open(`${EMBED_SIGN_IN_PATH}?pair=${next}`, '_blank', 'popup,width=520,height=720');
    setState(popup ? 'waiting' : 'blocked');
  };

  if (signedIn) {
    return (
      <HStack gap="2" fontSize="sm" data-testid="embed-signed-in">
        <Text color="fg.muted">{t('embeds.signIn.signedIn')}</Text>
        {signedIn === 'embed' ? (
          <Button size="xs" variant="ghost" onClick={() => void signOutHere().then(() => window.location.reload())} data-testid="embed-sign-out">
            {t('embeds.signIn.signOut')}
          </Button>
        ) : null}
      </HStack>
    );
  }
  const hop = pair ? `${EMBED_SIGN_IN_PATH}?pair=${pair}${host.current ? `&return=${encodeURIComponent(host.current)}` : ''}` : null;
  return (
    <HStack gap="2" flexWrap="wrap" justify="flex-end" fontSize="sm">
      {state === 'waiting' ? (
        <HStack gap="2" role="status" data-testid="embed-sign-in-waiting">
          <Spinner size="xs" />
          <Text>{t('embeds.signIn.waiting')}</Text>
        </HStack>
      ) : null}
      {state === 'blocked' || state === 'failed' ? (
        <Text role="alert" color="fg.warning">
          {t(state === 'blocked' ? 'embeds.signIn.popupBlocked' : 'embeds.signIn.failed')}
        </Text>
      ) : null}
      {(state === 'blocked' || state === 'waiting') && hop ? (
        <Link href={hop} target="_top" color="brand.fg" data-testid="embed-sign-in-hop">
          {t('embeds.signIn.hop', { site })}
        </Link>
      ) : null}
      {state !== 'waiting' ? (
        <Button size="xs" colorPalette="brand" onClick={start} data-testid="embed-sign-in">
          {t('embeds.signIn.button')}
        </Button>
      ) : null}
    </HStack>
  );
}
