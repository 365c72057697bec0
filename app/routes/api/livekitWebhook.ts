// The route module of /api/livekit/webhook: it only re-exports the server-only loader and action.
export { action, loader } from './livekitWebhook.server';
