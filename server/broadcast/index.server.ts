/** The broadcast feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export type { RecordingServices } from './recording/services.server';
