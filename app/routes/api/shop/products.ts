// The route module of /api/products: it only re-exports the server-only loader and action.
export { action, loader } from './products.server';
