/** The commerce feature's public surface: what other features may use of it (docs/ARCHITECTURE.md, Features). */
export { hasShop } from './shop/feature.server';
