/** The events feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { type Organizer, newEventInput, tenantOfChannel } from './data/events.server';
export { eventImageUrl, toCard } from './eventCards.server';
export { type SeriesCalendar, type SeriesOverride, seriesCalendarFor } from './series.server';
export { type SeriesAccess, type SeriesRegistrationResult, registerForSeries, seriesAccessFor, seriesSeat } from './seriesRegistration.server';
