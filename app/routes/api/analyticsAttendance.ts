// The route module of /api/analytics/attendance: it only re-exports the server-only loader and action.
export { action, loader } from './analyticsAttendance.server';
