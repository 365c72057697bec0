// /api/apiKeys: the dashboard's "API keys" tab lists, creates and revokes the site's public API keys (admins only; docs/decisions/0087).
export { action, loader } from './apiKeys.server';
