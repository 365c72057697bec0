/**
 * The frame of every embed page (docs/decisions/0089): no site header, footer or menu; a slim bar
 * with the tenant's logo and name (small), the sign-in control, and a link to open the same thing
 * on the site. It reports its height to the host page's sizing script whenever it changes.
 */
import { Box, Flex, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHeightAsk, postHeight } from '#app/lib/embed/client';
import { useRootData } from '#app/lib/rootData';
import { EmbedSignIn } from './EmbedSignIn';

export interface EmbedShellProps {
  signedIn: 'site' | 'embed' | null;
  /** The same content on the site (opens in a new tab). */
  openUrl?: string;
  children: ReactNode;
}

export function EmbedShell({ signedIn, openUrl, children }: EmbedShellProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const box = useRef<HTMLDivElement>(null);
  const site = root?.tenant.displayName ?? '';

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const report = () => postHeight(el.getBoundingClientRect().height, signedIn !== null);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(el);
    // The host's sizing script asks when it starts: it may have missed the first report.
    const onAsk = (event: MessageEvent) => {
      if (isHeightAsk(event)) report();
    };
    window.addEventListener('message', onAsk);
    return () => {
      observer.disconnect();
      window.removeEventListener('message', onAsk);
    };
  }, [signedIn]);

  return (
    <Box ref={box} bg="bg" color="fg" data-testid="embed">
      <Flex as="header" align="center" justify="space-between" gap="3" px={{ base: '3', md: '4' }} py="2" borderBottomWidth="1px" borderColor="border" flexWrap="wrap">
        <HStack gap="2" minW="0">
          {root ? <Image src={`/brand/${root.tenant.logo.src}`} alt={root.tenant.logo.alt} h="5" w="auto" data-testid="embed-logo" /> : null}
          {openUrl ? (
            <Link href={openUrl} target="_blank" rel="noopener" fontSize="sm" color="fg.muted" truncate data-testid="embed-open">
              {t('embeds.openOnSite', { site })}
              <Box as="span" srOnly>
                {` ${t('embeds.newTab')}`}
              </Box>
            </Link>
          ) : (
            <Text fontSize="sm" color="fg.muted" truncate>
              {t('embeds.poweredBy', { site })}
            </Text>
          )}
        </HStack>
        <EmbedSignIn signedIn={signedIn} site={site} />
      </Flex>
      <Stack gap="4" px={{ base: '3', md: '4' }} py={{ base: '3', md: '4' }}>
        {children}
      </Stack>
    </Box>
  );
}
