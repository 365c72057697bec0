/** The commerce feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { hasShop } from './shop/feature.server';
export { mayWatchReplay, needsTicket, roomPaymentFlags } from './tickets/access.server';
export { type TicketGate, ticketGate, ticketGateView } from './tickets/gate.server';
