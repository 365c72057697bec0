// The product's features: each a folder server/<feature>/ whose index.server.ts is its one public
// surface (docs/ARCHITECTURE.md, Features). The ESLint layout rules and the import check read it.
export const FEATURES = ['breakouts', 'broadcast', 'chat', 'commerce', 'embeds', 'entitlement', 'events', 'identity', 'media', 'polls', 'publicApi', 'registration', 'rooms', 'site', 'speech'];
