/**
 * The published tenant registry (docs/decisions/0075): `npm run tenants:publish` writes a version
 * to the shared store; instances started with REGISTRY_SOURCE=store serve it and swap in each new
 * version without a restart.
 */
export { publishRegistry, PublishRefused, type PublishResult } from './publish.server';
export { LiveRegistry, RegistryUnavailable, REGISTRY_CHANNEL, type ChangeListener } from './live.server';
export { announceRegistryVersion } from './notice.server';
