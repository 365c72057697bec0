/** The public REST API's public surface (docs/decisions/0087-public-api.md; docs/ARCHITECTURE.md, Features). */
export { handlePublicApi, API_BASE } from './router.server';
export { openApiDocument } from './openapi.server';
export { referencePage } from './reference.server';
export { apiKeysAction, apiKeysLoader } from './manage.server';
