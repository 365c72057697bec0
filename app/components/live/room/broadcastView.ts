import { createContext, type ComponentType } from 'react';

/**
 * The live broadcast player a room shows above its stage (/lbc, /hbc: docs/decisions/0029).
 * Only the route module of those two layouts provides it, so every other room's page carries
 * neither the player nor its strings (the join budget of docs/decisions/0024).
 */
export type BroadcastViewComponent = ComponentType<{ eventId: string; title: string; heading: boolean }>;
export const BroadcastView = createContext<BroadcastViewComponent | null>(null);
