/** What a ticket row grants: a seat in the room, or the replay alone. */
export type TicketKind = 'ticket' | 'replay';
/** The order id of a free registration: it holds a seat but paid nothing (a sold replay is not included). */
export const FREE_ORDER = 'free';
