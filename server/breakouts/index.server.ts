/** The breakouts feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features; docs/decisions/0084). */
export { admitToBreakout, breakoutChatFor, chooseOwnRoom, hostChange, mintBreakoutToken, placeIn, type BreakoutContext, type BreakoutEntry } from './service.server';
export { refuseBreakout } from './refusal.server';
