import { Box, Button, HStack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LocalTime } from '#app/components/events/LocalTime';
import { useEventFacts } from '#app/components/events/EventCard';
import { usePriceText } from '#app/components/tickets/PriceText';
import { previewHref } from '#app/lib/events/model';
import type { FeaturedEvent } from '#app/lib/home/view';
import { PosterPlaceholder } from './PosterPlaceholder';
import { Section } from './Section';

/** Poster cards styled once by their list, as the listing cards are (one style resolution per page). */
const POSTER_LIST: SystemStyleObject = {
  listStyleType: 'none',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '5', md: '6' },
  '& .fe-card': { display: 'flex', flexDirection: 'column', h: 'full', bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'l3', overflow: 'hidden', transition: 'border-color 0.15s, box-shadow 0.15s' },
  '& .fe-card:hover, & .fe-card:focus-within': { borderColor: 'brand.solid', boxShadow: 'md' },
  '& .fe-poster': { position: 'relative', aspectRatio: '16 / 9', bg: 'brand.subtle', overflow: 'hidden' },
  '& .fe-poster > img': { display: 'block', w: 'full', h: 'full', objectFit: 'cover' },
  '& .fe-badge': { position: 'absolute', top: '3', left: '3', px: '2', py: '1', borderRadius: 'l1', fontSize: 'xs', fontWeight: 'semibold', bg: 'bg', color: 'fg', boxShadow: 'sm' },
  '& .fe-badge[data-status=live]': { bg: 'red.solid', color: 'red.contrast' },
  '& .fe-body': { display: 'flex', flexDirection: 'column', gap: '1.5', p: { base: '4', md: '5' }, flex: '1' },
  '& .fe-title': { fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', lineHeight: 'short', m: '0', wordBreak: 'break-word' },
  '& .fe-title a': { color: 'fg', textDecoration: 'none' },
  '& .fe-title a:hover': { color: 'brand.fg', textDecoration: 'underline' },
  '& .fe-title a:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  '& .fe-time': { fontSize: 'sm', fontWeight: 'medium', color: 'brand.fg', m: '0' },
  '& .fe-muted': { fontSize: 'sm', color: 'fg.muted', m: '0' },
};

/** Upcoming public events as poster cards; the branded placeholder stands in for a missing poster. */
export function FeaturedEvents({ title, events, fallbackZone }: { title: string | null; events: FeaturedEvent[] | null; fallbackZone: string }) {
  const { t } = useTranslation();
  const facts = useEventFacts();
  const priceText = usePriceText();
  return (
    <Section
      type="featuredEvents"
      title={title ?? t('home.upcomingTitle')}
      action={
        <HStack gap="2" flexWrap="wrap">
          <Button asChild variant="outline" colorPalette="brand" size="sm">
            <Link to="/liveEvents">{t('home.allEvents')}</Link>
          </Button>
          <Button asChild variant="ghost" colorPalette="brand" size="sm">
            <Link to="/eventsCalendar">{t('home.calendar')}</Link>
          </Button>
        </HStack>
      }
    >
      {events === null ? (
        <Text color="fg.muted" data-testid="upcoming-unavailable">
          {t('home.unavailable')}
        </Text>
      ) : events.length === 0 ? (
        <Text color="fg.muted" data-testid="upcoming-empty">
          {t('home.upcomingEmpty')}
        </Text>
      ) : (
        <Box as="ul" css={POSTER_LIST} data-testid="upcoming-events">
          {events.map((event) => (
            <li key={event.eventId}>
              <article className="fe-card" data-testid="event-card" data-event-id={event.eventId} data-poster={event.posterUrl ? 'image' : 'placeholder'}>
                <div className="fe-poster">
                  {event.posterUrl ? (
                    <img src={event.posterUrl} alt={t('events.imageAlt', { title: event.title })} width={1280} height={720} loading="lazy" data-testid="event-poster" />
                  ) : (
                    <PosterPlaceholder />
                  )}
                  <span className="fe-badge" data-testid="event-status" data-status={event.status}>
                    {t(`events.status.${event.status}`)}
                  </span>
                </div>
                <div className="fe-body">
                  <p className="fe-time">
                    <LocalTime iso={event.eventDateTime} fallbackZone={fallbackZone} />
                  </p>
                  <h3 className="fe-title">
                    <Link to={previewHref(event.eventId)} data-testid="event-card-link">
                      {event.title}
                    </Link>
                  </h3>
                  {event.organizerName ? <p className="fe-muted">{t('events.byOrganizer', { name: event.organizerName })}</p> : null}
                  <p className="fe-muted">
                    {facts(event)} · <span data-testid="event-price">{priceText(event.ticketPrice)}</span>
                  </p>
                </div>
              </article>
            </li>
          ))}
        </Box>
      )}
    </Section>
  );
}
