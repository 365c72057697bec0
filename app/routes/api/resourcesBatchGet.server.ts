import { json, type ActionFunctionArgs } from '@remix-run/node';
import { batchGetBodySchema } from '#server/events/data/resources.server';
import { jsonBody, NOT_JSON } from '#server/http/responses.server';

/**
 * POST /api/dynamodb/resources/batchGet (docs/PRODUCT.md, Resource API): localised texts of the request's tenant.
 * Request: { keys: [{ResourcePK, ResourceSK}], projectionExpression }; response:
 * { Responses: { resource: [{ResourceCode, ResourceDesc}] } }.
 * Authorization: the signed-in user's ID or access token of this tenant's pool, with or without
 * "Bearer " (verified against cached keys, tenant and global sign-out); else 401.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
  const authorization = (request.headers.get('authorization') ?? '').trim();
  const token = authorization.replace(/^Bearer\s+/i, '').trim();
  const unauthorized = (message: string) =>
    json({ message }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' } });
  if (!token) return unauthorized('Sign in first: send the Authorization header with your ID or access token.');
  if (!(await context.services.identity.verifyToken(context.tenant, token))) {
    return unauthorized('The Authorization token is not valid on this site (expired, signed out or issued elsewhere). Sign in again.');
  }
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return json({ message: 'Send a JSON body with Content-Type: application/json.' }, { status: 415 });
  }
  const body = await jsonBody(request);
  if (body === NOT_JSON) return json({ message: 'The body is not valid JSON.' }, { status: 400 });
  const parsed = batchGetBodySchema.safeParse(body);
  if (!parsed.success) {
    return json(
      {
        message: 'Malformed batchGet request.',
        errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
      { status: 400 },
    );
  }
  const resource = await context.data.resources.batchGet(parsed.data);
  return json({ Responses: { resource } }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function loader() {
  return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
}
