// /api/v1/docs: the public API's reference page, built from its OpenAPI document (docs/decisions/0087).
export { loader } from './reference.server';
