import { useLocation, useNavigation } from '@remix-run/react';

/**
 * The intent of the form submission in flight, or null. A submission counts until its answer
 * arrives and, when that answer moves on (a redirect), until the next page loads; the reload of
 * the same page that follows an answer with field errors does not count, so the form is usable
 * again as soon as its errors show (an Enter pressed then still submits).
 */
export function useSubmittingIntent(): string | null {
  const navigation = useNavigation();
  const location = useLocation();
  // formData is there only while a submission is submitting or loading.
  if (!navigation.formData) return null;
  const stays = navigation.state === 'loading' && navigation.location.pathname === location.pathname && navigation.location.search === location.search;
  if (stays) return null;
  return String(navigation.formData.get('intent') ?? '');
}
