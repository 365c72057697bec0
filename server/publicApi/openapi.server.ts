/**
 * The OpenAPI 3.1 document of the public API, generated from the operations table and its zod
 * schemas (@asteasolutions/zod-to-openapi), and the reference page built from that document
 * (docs/decisions/0087). Both are served at /api/v1/openapi.json and /api/v1/docs.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { API_SCOPES } from '#app/lib/publicApi/scopes';
import { OPERATIONS } from './operations.server';
import { problemSchema } from './schemas.server';

type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>;
let cached: Document | undefined;

const problemContent = { 'application/problem+json': { schema: problemSchema } };
const problemResponse = (description: string) => ({ description, content: problemContent });

/** The document, relative to the API's base (/api/v1), for `origin` (the tenant's own host). */
export function openApiDocument(origin: string): Document {
  cached ??= build();
  return { ...cached, servers: [{ url: `${origin}/api/v1`, description: "This site's API" }] };
}

function build(): Document {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: `An API key made by a tenant admin in the dashboard (lkp_…); it works on its own site only. ${API_SCOPES.join(', ')}.`,
  });
  const idempotencyHeader = z.object({
    'Idempotency-Key': z.string().min(1).max(255).optional().meta({ description: 'Any unique text: the same key with the same request gives the same answer again; with another request, a 422.' }),
  });
  for (const op of OPERATIONS) {
    const write = op.method !== 'GET';
    registry.registerPath({
      method: op.method.toLowerCase() as 'get' | 'post' | 'patch',
      path: op.path,
      operationId: op.id,
      summary: op.summary,
      description: `Scope: \`${op.scope}\`.`,
      tags: [op.tag],
      security: [{ [bearer.name]: [op.scope] }],
      request: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(write ? { headers: idempotencyHeader } : {}),
        ...(op.body ? { body: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
      },
      responses: {
        [op.status]: { description: op.status === 201 ? 'Created' : 'OK', content: { 'application/json': { schema: op.response } } },
        400: problemResponse('Invalid input: errors[] names each field.'),
        401: problemResponse('No API key, or not one of this site, or revoked.'),
        403: problemResponse('The key lacks the scope.'),
        ...(op.notFound ? { 404: problemResponse('No such item on this site.') } : {}),
        405: problemResponse('The path does not take this method.'),
        ...(write ? { 409: problemResponse('A conflicting change, or the same Idempotency-Key still running.') } : {}),
        ...(write ? { 413: { description: 'The body is too large.' } } : {}),
        ...(write ? { 415: problemResponse('The body is not JSON.') } : {}),
        ...(write ? { 422: problemResponse('The Idempotency-Key was used with another request.') } : {}),
        429: problemResponse('Too many requests with this key; see Retry-After.'),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Live events public API',
      version: '1.0.0',
      description:
        'Each site’s events, registrations, attendance, orders, media and analytics for its own systems. Authenticate with `Authorization: Bearer <API key>`; lists take `limit` (1–100) and `cursor` and answer `next_cursor`; writes take an `Idempotency-Key`; errors are `application/problem+json`.',
    },
  });
}
