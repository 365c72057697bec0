/** The chat feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export type { ChatPresent } from './data/chatPresence.server';
export type { ReplayRecord } from './data/chatReplay.server';
