// The route module of /api/roomSales: a live room's pinned sale (read it; pin and unpin); server/commerce/roomSales/api.server.ts.
export { action, loader } from './roomSales.server';
