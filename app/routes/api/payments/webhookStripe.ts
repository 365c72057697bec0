// The route module of /api/payments/webhook/stripe: it only re-exports the server-only loader and action.
export { action, loader } from './webhookStripe.server';
