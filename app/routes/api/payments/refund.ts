// The route module of /api/orders/refund: it only re-exports the server-only loader and action.
export { action, loader } from './refund.server';
