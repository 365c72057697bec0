import type { AppLoadContext } from '@remix-run/node';
import type { EventCardData } from '#app/lib/events/cards';
import { toCard } from './eventCards.server';

/** How many events the home page shows. */
export const HOME_EVENTS = 3;

/**
 * The next listed events (live ones first, then by start) for the home page; null when the
 * events store cannot be reached, so the page still renders and says so.
 */
export async function upcomingEvents(context: AppLoadContext): Promise<EventCardData[] | null> {
  const now = Date.now();
  try {
    const page = await context.data.events.list({ now, limit: HOME_EVENTS });
    return await Promise.all(page.items.map((e) => toCard(e, now, context.data.files)));
  } catch (error) {
    console.error('listing upcoming events failed', error);
    return null;
  }
}
