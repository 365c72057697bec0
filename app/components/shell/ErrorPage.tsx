import { Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';

/**
 * The branded fallback (404), refusal (403: worded as a permission, never as a crash) and error
 * page, inside the tenant's layout.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const notFound = status === 404;
  if (status === 403) return <ForbiddenPage />;
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }} data-testid={notFound ? 'not-found' : 'error-page'}>
      <Text fontSize="sm" fontWeight="bold" color="brand.fg" letterSpacing="wide">
        {status}
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '4xl' }} mt="2">
        {notFound ? t('notFound.title') : t('error.title')}
      </Heading>
      <Text mt="4" fontSize="lg" color="fg.muted">
        {notFound ? t('notFound.body', { path: location.pathname }) : t('error.body')}
      </Text>
      <HStack mt="8" gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/support">{t('notFound.support')}</Link>
        </Button>
      </HStack>
    </Container>
  );
}

function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py={{ base: '12', md: '20' }} px={{ base: '4', md: '6' }} data-testid="forbidden-page">
      <Text fontSize="sm" fontWeight="bold" color="brand.fg" letterSpacing="wide">
        403
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '4xl' }} mt="2">
        {t('error.forbidden.title')}
      </Heading>
      <Text mt="4" fontSize="lg" color="fg.muted">
        {t('error.forbidden.body')}
      </Text>
      <HStack mt="8" gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/userDashboard">{t('error.forbidden.dashboard')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
      </HStack>
    </Container>
  );
}
