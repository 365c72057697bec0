/**
 * A chat message with a file attached, posted the way a browser in the room posts it: the file
 * through POST /api/chat/upload and a PUT to storage, the message over the chat socket. The
 * security suites seed their events' chat with it.
 */
import type { ChatUploadResponse } from '#app/lib/chat/files';
import { HttpConnection } from './http';
import type { AppInstance } from './instance';
import type { Session } from './sessions';
import { ChatSocket } from './socket';

export interface PostedChat {
  /** The chat file's storage key (chat/<event>/<sub>/<id>/<name>). */
  key: string;
  msgId: string;
}

export async function postChatWithFile(app: AppInstance, tenant: string, sender: Session, eventId: string, text: string, fileBytes: Buffer): Promise<PostedChat> {
  // Node's fetch will not send another Host header: the bare client does.
  const conn = new HttpConnection(app.port);
  const answer = await conn.send(
    {
      method: 'POST',
      target: '/api/chat/upload',
      headers: [['Host', app.host(tenant)], ['Origin', app.origin(tenant)], ['Cookie', sender.cookie], ['Content-Type', 'application/json']],
      body: JSON.stringify({ eventId, kind: 'attachment', name: 'notes.txt', type: 'text/plain', size: fileBytes.length }),
    },
    15_000,
  );
  conn.close();
  if (answer.kind !== 'response' || answer.response.status !== 200) throw new Error(`chat upload failed: ${JSON.stringify(answer).slice(0, 300)}`);
  const { key, upload: put } = JSON.parse(answer.response.body.toString('utf8')) as ChatUploadResponse;
  const stored = await fetch(put.url, { method: 'PUT', headers: put.headers, body: new Uint8Array(fileBytes) });
  if (!stored.ok) throw new Error(`chat file PUT failed: ${stored.status}`);

  const socket = ChatSocket.open({ port: app.port, host: app.host(tenant), origin: app.origin(tenant), cookie: sender.cookie, query: `?event=${eventId}` });
  try {
    if (!(await socket.until(() => socket.frames.some((f) => f.type === 'welcome'), 15_000)) || socket.closed) throw new Error(`chat join failed: ${socket.closeCode}`);
    const clientId = `seed-${Date.now()}`;
    socket.send(JSON.stringify({ type: 'send', clientId, textMessage: text, attachmentKeys: [key] }));
    const acked = () => socket.frames.find((f) => f.type === 'ack' && f.clientId === clientId);
    if (!(await socket.until(() => acked() !== undefined, 15_000)) || !acked()) throw new Error(`chat send failed: ${JSON.stringify(socket.frames.slice(-2))}`);
    return { key, msgId: String(acked()!.msgId) };
  } finally {
    socket.close();
  }
}
