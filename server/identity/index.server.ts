/** The identity feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { getSessionUser, requireGroup, requireUser } from './session.server';
