/**
 * "Stream from OBS / an encoder": the way from an event to its stream key (/rtmpKey, which links
 * on to /srtKey). Shown to the event's organizer on its edit page, in their event list and in the
 * broadcast rooms (/lbc, /hbc).
 */
import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { keyScreenHref } from '#app/lib/broadcast/model';

export function EncoderLink({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  return (
    <ChakraLink asChild color="brand.fg" fontSize="sm" data-testid="encoder-link">
      <Link to={keyScreenHref('rtmp', eventId)}>{t('events.encoder.link')}</Link>
    </ChakraLink>
  );
}
