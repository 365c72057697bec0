import { json, type ActionFunctionArgs } from '@remix-run/node';
import { batchGetBodySchema, batchGetResources } from '../../../server/services/resources.server';

/**
 * POST /api/dynamodb/resources/batchGet (SPEC.md §7): localised texts of the request's tenant.
 * Request: { keys: [{ResourcePK, ResourceSK}], projectionExpression }; response:
 * { Responses: { resource: [{ResourceCode, ResourceDesc}] } }.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) {
    return json({ message: 'Send a JSON body with Content-Type: application/json.' }, { status: 415 });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ message: 'The body is not valid JSON.' }, { status: 400 });
  }
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
  const resource = await batchGetResources(context.services.db, context.tenant.id, parsed.data);
  return json({ Responses: { resource } }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function loader() {
  return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST' } });
}
