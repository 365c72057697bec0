// The route module of every /api/v1/... path of the public REST API (docs/decisions/0087): it only
// re-exports the server-only loader and action, which hand the request to server/publicApi.
export { action, loader } from './publicApi.server';
