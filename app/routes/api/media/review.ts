// The route module of /api/media/review: it only re-exports the server-only loader and action.
export { action, loader } from './review.server';
