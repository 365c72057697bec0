// The route module of /api/tickets/register: it only re-exports the server-only loader and action.
export { action, loader } from './ticketsRegister.server';
