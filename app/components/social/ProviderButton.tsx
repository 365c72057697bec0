import { Box, Button, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_MARKS, providerHref, type SocialMode, type SocialProvider } from '#app/lib/social/providers';

/**
 * A provider button: a real link to /ssoSignIn{Provider} (or /ssoSignUp{Provider}), which sends
 * the browser on to the hosted sign-in. A letter mark on the provider's colour, no logo. Shows a
 * busy state once pressed; going back to this page (back/forward cache) clears it.
 */
export function ProviderButton({ provider, mode, redirectTo }: { provider: SocialProvider; mode: SocialMode; redirectTo: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const reset = () => setBusy(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const mark = PROVIDER_MARKS[provider];
  const label = t(mode === 'signIn' ? 'social.continueWith' : 'social.signUpWith', { provider });
  return (
    <Button asChild variant="outline" size="lg" width="full" justifyContent="flex-start" gap="3" px="3" minH="12" aria-busy={busy || undefined}>
      <a href={providerHref(provider, mode, redirectTo)} data-testid={`social-${provider}`} onClick={() => setBusy(true)}>
        <Box
          as="span"
          aria-hidden="true"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          flexShrink={0}
          w="8"
          h="8"
          borderRadius="md"
          borderWidth="1px"
          borderColor="border"
          fontWeight="bold"
          fontSize="md"
          style={{ background: mark.bg, color: mark.fg }}
        >
          {mark.letter}
        </Box>
        <Box as="span" flex="1" textAlign="start" whiteSpace="normal">
          {busy ? t('social.opening', { provider }) : label}
        </Box>
        {busy ? <Spinner size="sm" aria-hidden="true" /> : null}
      </a>
    </Button>
  );
}
