// The route module of /api/consultations/availability: it only re-exports the server-only loader and action.
export { action, loader } from './consultationSettings.server';
