// /api/v1/openapi.json: the public API's OpenAPI 3.1 document, generated from its zod schemas (docs/decisions/0087).
export { loader } from './openapi.server';
