// The route module of /api/payments/onboard: it only re-exports the server-only loader and action.
export { action, loader } from './onboard.server';
