// The route module of /api/payments/webhook/test: it only re-exports the server-only loader and action.
export { action, loader } from './webhookTest.server';
