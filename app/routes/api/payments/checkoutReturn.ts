// The route module of /api/checkout/return: it only re-exports the server-only loader and action.
export { action, loader } from './checkoutReturn.server';
