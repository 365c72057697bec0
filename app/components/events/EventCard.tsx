import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { previewHref, type EventStatus } from '#app/lib/events/model';
import { LocalTime } from './LocalTime';
import type { EventCardData } from '#app/lib/events/cards';
import { PLATFORM_LANGUAGES } from '#app/lib/config/tenant';
import { keyFromData } from '#app/lib/i18n/keys';
import { usePriceText } from '#app/components/tickets/PriceText';

/**
 * Listing cards are plain elements styled once by their list (EVENT_LIST_STYLES): a page of cards
 * then costs one style resolution instead of one per element, which keeps an uncached listing
 * render cheap. The look follows the theme through the same tokens as the Chakra components.
 */
const STATUS_COLORS: Record<EventStatus, [string, string]> = {
  scheduled: ['brand.subtle', 'brand.fg'],
  open: ['green.subtle', 'green.fg'],
  live: ['red.solid', 'red.contrast'],
  ended: ['gray.subtle', 'gray.fg'],
  expired: ['gray.subtle', 'gray.fg'],
  cancelled: ['orange.subtle', 'orange.fg'],
};

const EVENT_LIST_STYLES: SystemStyleObject = {
  listStyleType: 'none',
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '4', md: '5' },
  '& .ev-card': {
    display: 'flex',
    gap: '4',
    alignItems: 'flex-start',
    h: 'full',
    p: { base: '4', md: '5' },
    bg: 'bg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l3',
    transition: 'border-color 0.15s',
  },
  '& .ev-card:hover, & .ev-card:focus-within': { borderColor: 'brand.solid' },
  '& .ev-thumb': { flexShrink: 0, w: { base: '20', md: '24' }, aspectRatio: '1', borderRadius: 'l2', overflow: 'hidden', bg: 'brand.subtle' },
  '& .ev-thumb img': { w: 'full', h: 'full', objectFit: 'cover' },
  '& .ev-placeholder': {
    w: 'full',
    h: 'full',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: 'brand.contrast',
    backgroundImage: 'linear-gradient(to bottom right, {colors.brand.solid}, {colors.brand.emphasized})',
  },
  '& .ev-body': { display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0', flex: '1', alignItems: 'flex-start' },
  '& .ev-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '1.5',
    minH: '5',
    borderRadius: 'l1',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1',
  },
  '& .ev-dot': { w: '2', h: '2', borderRadius: 'full', bg: 'currentColor' },
  ...Object.fromEntries(Object.entries(STATUS_COLORS).map(([status, [bg, color]]) => [`& .ev-badge[data-status=${status}]`, { bg, color }])),
  '& .ev-title': { fontSize: { base: 'md', md: 'lg' }, fontWeight: 'semibold', lineHeight: 'short', wordBreak: 'break-word', m: '0' },
  '& .ev-title a': { color: 'fg', textDecoration: 'none', borderRadius: 'l1' },
  '& .ev-title a:hover': { color: 'brand.fg', textDecoration: 'underline' },
  '& .ev-title a:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  '& .ev-muted': { fontSize: 'sm', color: 'fg.muted', m: '0', maxW: 'full', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .ev-time': { fontSize: 'sm', fontWeight: 'medium', m: '0' },
};

const LANGUAGE_NAMES = PLATFORM_LANGUAGES.map((language) => `language.names.${language}` as const);

/** "60 minutes · English": duration and language of an event, in the page language (a stored code it cannot name stays as it is). */
export function useEventFacts() {
  const { t } = useTranslation();
  return (event: Pick<EventCardData, 'eventDuration' | 'eventLanguage'>) => {
    const languageName = keyFromData(LANGUAGE_NAMES, `language.names.${event.eventLanguage}`);
    return `${t('events.duration', { count: event.eventDuration })} · ${languageName ? t(languageName) : event.eventLanguage}`;
  };
}

/**
 * One event in a listing: thumbnail (or the branded placeholder), state, title linking to the
 * event page, organizer, start time in the viewer's zone (the tenant's on the server), facts.
 */
export function EventCard({ event, fallbackZone, headingLevel = 'h3' }: { event: EventCardData; fallbackZone: string; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const facts = useEventFacts();
  const priceText = usePriceText();
  const Heading = headingLevel;
  return (
    <article className="ev-card" data-testid="event-card" data-event-id={event.eventId}>
      <div className="ev-thumb">
        {event.imageUrl ? (
          <img src={event.imageUrl} alt={t('events.imageAlt', { title: event.title })} loading="lazy" width={125} height={125} />
        ) : (
          <div className="ev-placeholder" aria-hidden="true" data-testid="event-image-placeholder">
            <svg width="40%" height="40%" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
              <path d="M15.5 10.5 21 7.5v9l-5.5-3z" strokeLinejoin="round" />
            </svg>
          </div>
        )}
      </div>
      <div className="ev-body">
        <span className="ev-badge" data-testid="event-status" data-status={event.status}>
          {event.status === 'live' ? <span className="ev-dot" aria-hidden="true" /> : null}
          {t(`events.status.${event.status}`)}
        </span>
        <Heading className="ev-title">
          <Link to={previewHref(event.eventId)} data-testid="event-card-link">
            {event.title}
          </Link>
        </Heading>
        {event.organizerName ? <p className="ev-muted">{t('events.byOrganizer', { name: event.organizerName })}</p> : null}
        <p className="ev-time">
          <LocalTime iso={event.eventDateTime} fallbackZone={fallbackZone} />
        </p>
        <p className="ev-muted">{facts(event)}</p>
        <p className="ev-time" data-testid="event-price">
          {priceText(event.ticketPrice)}
        </p>
      </div>
    </article>
  );
}

/** A responsive grid of event cards (one column on phones, two on tablets, three from extra large). */
export function EventCardList({ events, fallbackZone, testId }: { events: EventCardData[]; fallbackZone: string; testId?: string }) {
  return (
    <Box as="ul" css={EVENT_LIST_STYLES} data-testid={testId}>
      {events.map((event) => (
        <li key={event.eventId}>
          <EventCard event={event} fallbackZone={fallbackZone} />
        </li>
      ))}
    </Box>
  );
}
