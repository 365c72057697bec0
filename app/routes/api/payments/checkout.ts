// The route module of /api/checkout: it only re-exports the server-only loader and action.
export { action, loader } from './checkout.server';
