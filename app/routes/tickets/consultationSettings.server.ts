// /api/consultations/availability: the handlers live with the rest of consultations in server/tickets.
export { action, loader } from '#server/tickets/consultationSettings.server';
