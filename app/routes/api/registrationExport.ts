// The route module of /api/registration/export: it only re-exports the server-only loader and action.
export { action, loader } from './registrationExport.server';
