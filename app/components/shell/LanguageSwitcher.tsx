import { Box, Button, VStack } from '@chakra-ui/react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '#app/lib/rootData';
import { HeaderSummary } from './HeaderSummary';

/**
 * A <details> menu of the tenant's languages; each is a submit button of one form posting to
 * /changeLanguage, which sets the cookie and returns to this page. No JavaScript needed.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const root = useRootData()!;
  const location = useLocation();
  const languages = root.tenant.languages.supported;
  if (languages.length < 2) return null;
  return (
    <Box asChild position="relative" data-testid="language-switcher">
      <details>
        {/* The label starts with the code it shows (WCAG 2.5.3: a spoken "EN" must find the control); a parenthesis would not count. */}
        <HeaderSummary wide label={t('language.labelValue', { label: root.language.toUpperCase(), value: `${t('language.change')} (${t(`language.names.${root.language}`)})` })}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="12" r="10" />
              <path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20" />
            </svg>
            <span>{root.language.toUpperCase()}</span>
        </HeaderSummary>
        <Box
          position="absolute"
          right="0"
          mt="2"
          minW="40"
          bg="bg"
          color="fg"
          borderWidth="1px"
          borderColor="border"
          borderRadius="l2"
          boxShadow="card"
          p="1"
          zIndex="dropdown"
        >
          <form method="post" action="/changeLanguage">
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <VStack align="stretch" gap="0">
              {languages.map((code) => (
                <Button
                  key={code}
                  type="submit"
                  name="language"
                  value={code}
                  lang={code}
                  variant="ghost"
                  justifyContent="flex-start"
                  size="sm"
                  aria-current={code === root.language ? 'true' : undefined}
                  fontWeight={code === root.language ? 'bold' : 'normal'}
                  data-testid={`language-option-${code}`}
                >
                  {t(`language.names.${code}`)}
                </Button>
              ))}
            </VStack>
          </form>
        </Box>
      </details>
    </Box>
  );
}
