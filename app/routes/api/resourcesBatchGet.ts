// The route module of /api/dynamodb/resources/batchGet: it only re-exports the server-only loader and action.
export { action, loader } from './resourcesBatchGet.server';
