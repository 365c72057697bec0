// The route module of /api/payments/ledger: it only re-exports the server-only loader and action.
export { action, loader } from './ledger.server';
