// The route module of /api/avatar?user=<sub>&v=<avatarId>: a redirect to a signed link to a person's avatar image.
export { action, loader } from './avatar.server';
