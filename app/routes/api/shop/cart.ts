// The route module of /api/cart: it only re-exports the server-only loader and action.
export { action, loader } from './cart.server';
