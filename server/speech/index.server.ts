/** The speech feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { captionsAvailability } from './captions/access.server';
export { keepLiveCaptions } from './captions/recording.server';
