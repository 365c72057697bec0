/**
 * The entitlement feature's public surface: who may enter an event's room and watch what was made
 * from it (docs/decisions/0054, 0055). Every door of a room, every media route and the shop ask here.
 */
export { type Admission, type AdmissionRefusal, type Admitted, type Refused, type WaitingRefusal, admitToRoom, isWaiting, needsSeat } from './admission.server';
export { hasEventAccess, mayWatchReplay, needsTicket, paymentFlags, roomPaymentFlags, type PaymentFlags } from './access.server';
export { type TicketGate, ticketGate, ticketGateView } from './gate.server';
