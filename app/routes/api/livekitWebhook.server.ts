import { json, type ActionFunctionArgs } from '@remix-run/node';
import { receiveLivekitWebhook } from '#server/broadcast/livekitWebhook.server';
import { NO_STORE } from '#server/http/responses.server';

/**
 * POST /api/livekit/webhook on a tenant's host: LiveKit's signed webhooks for this tenant's rooms
 * (server/broadcast/livekitWebhook.server.ts checks the signature against the tenant's key pairs and
 * that the room is an event of this tenant). The same path on the platform's own address, where
 * the local LiveKit server posts, is answered by server/app.ts with the same function.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
  const answer = await receiveLivekitWebhook({
    // The raw body: the signature covers these exact bytes (server/app.ts parses no bodies).
    body: await request.text(),
    authorization: request.headers.get('authorization'),
    hostTenant: context.tenant,
    registry: context.services.registry,
    services: context.services,
  });
  return json({ message: answer.message }, { status: answer.status, headers: { ...answer.headers, ...NO_STORE } });
}

export function loader() {
  return json({ message: 'Use POST.' }, { status: 405, headers: { Allow: 'POST', ...NO_STORE } });
}
