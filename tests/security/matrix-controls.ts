/**
 * Positive controls of the cross-tenant matrix: on A's own host, with A's owner's session, each
 * seeded object IS found and its marker shows. Without them a seed that silently failed (or a
 * marker no page ever renders) would make "no leak" meaningless.
 */
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { HttpConnection, type RawResponse } from './http';
import type { AppInstance } from './instance';
import type { SeededTenant } from './matrix-seed';
import type { Session } from './sessions';
import { ChatSocket } from './socket';

/** Returns the controls that failed (empty when every object is visible to its owner). */
export async function ownerControls(app: AppInstance, tenant: string, owner: Session, seeded: SeededTenant, clientId: string): Promise<string[]> {
  const conn = new HttpConnection(app.port);
  const problems: string[] = [];
  const send = async (method: string, target: string, extra: Array<[string, string]> = [], body?: string): Promise<RawResponse | null> => {
    const headers: Array<[string, string]> = [['Host', app.host(tenant)], ['Origin', app.origin(tenant)], ['Cookie', owner.cookie], ...extra];
    const out = await conn.send({ method, target, headers, body }, 15_000);
    return out.kind === 'response' ? out.response : null;
  };
  const expectThat = (what: string, ok: boolean, got: RawResponse | null) => {
    if (!ok) problems.push(`${what} (got ${got ? `${got.status} ${got.headers.location ?? ''}` : 'no answer'})`);
  };
  try {
    const { ids, token } = seeded;
    const preview = await send('GET', `/preview?event=${ids.event}`);
    expectThat("the owner's event page shows its title", preview?.status === 200 && preview.body.toString().includes(`Title ${token}`), preview);
    const short = await send('GET', `/shortUrl?c=${ids.shortCode}`);
    expectThat('the short link leads to the event', !!short && short.status >= 300 && short.status < 400 && (short.headers.location ?? '').includes(ids.event), short);
    const invite = await send('GET', `/teamDemoPage?invite=${ids.inviteCode}`);
    expectThat('the invite link leads to the demo room', !!invite && invite.status >= 300 && invite.status < 400, invite);
    const file = await send('GET', `/api/chat/file?event=${ids.event}&key=${encodeURIComponent(ids.chatFile)}`);
    expectThat('the chat file is served', file?.status === 302, file);
    const recording = await send('GET', `/api/recording?event=${ids.event}`);
    expectThat("the owner's event answers its recording state", recording?.status === 200 && recording.body.toString().includes('"canControl":true'), recording);
    const pin = await send('GET', `/api/roomSales?event=${ids.event}`);
    expectThat("the owner's event answers its pinned sale", pin?.status === 200 && pin.body.toString().includes('"version"'), pin);
    const media = await send('GET', `/api/media/download?id=${ids.media}`);
    expectThat("the owner's media item downloads", media?.status === 302 && (media.headers.location ?? '').includes(ids.media), media);
    const resources = await send('POST', '/api/dynamodb/resources/batchGet', [['Authorization', `Bearer ${owner.idToken}`], ['Content-Type', 'application/json']], JSON.stringify({ keys: [{ ResourcePK: 'en', ResourceSK: seeded.resourceCode }], projectionExpression: 'ResourceCode,ResourceDesc' }));
    expectThat('the resource is returned', resources?.status === 200 && resources.body.toString().includes(`Resource ${token}`), resources);
    const signIn = await send('POST', '/api/identity', [['Content-Type', 'application/x-amz-json-1.1'], ['X-Amz-Target', 'AWSCognitoIdentityProviderService.InitiateAuth']], JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: owner.user.username, PASSWORD: owner.user.password } }));
    expectThat("the owner's password signs in on the owner's site", signIn?.status === 200 && signIn.body.toString().includes('AuthenticationResult'), signIn);
    for (const [route, article] of Object.entries(seeded.articles)) {
      const page = await send('GET', `${route}?slug=${encodeURIComponent(article.slug)}`);
      expectThat(`${route} shows the article`, page?.status === 200 && page.body.toString().includes(article.title), page);
    }
  } finally {
    conn.close();
  }
  const socket = ChatSocket.open({ port: app.port, host: app.host(tenant), origin: app.origin(tenant), cookie: owner.cookie, query: `?event=${seeded.ids.event}` });
  const welcomed = await socket.until(() => socket.frames.some((f) => f.type === 'welcome'), 15_000);
  if (!welcomed || !socket.raw.join('\n').includes(`Chat ${seeded.token}`)) problems.push(`${CHAT_SOCKET_PATH}: the owner's chat holds the message (close ${socket.closeCode})`);
  socket.close();
  return problems;
}
