// /api/consultations/availability: the handlers live with the rest of consultations in server/commerce/tickets.
export { action, loader } from '#server/commerce/tickets/consultationSettings.server';
