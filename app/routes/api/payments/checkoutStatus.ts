// The route module of /api/checkout/status: it only re-exports the server-only loader and action.
export { action, loader } from './checkoutStatus.server';
