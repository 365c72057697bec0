/**
 * Positive controls of the entitlement matrix: the paid event's content IS there for those
 * entitled to it, markers and bytes included. Without them a seed that silently failed (or a
 * marker no answer ever carries) would make "nothing leaked" meaningless. Each control follows
 * the links an answer gives (signed segment and file links) down to the bytes in storage.
 */
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';
import { HttpConnection, type RawResponse } from './http';
import type { AppInstance } from './instance';
import type { PaidEvent, SessionCaller } from './entitlement-seed';
import { ChatSocket } from './socket';

/** The controls that failed (empty when every piece of content reaches its audience). */
export async function entitledControls(app: AppInstance, paid: PaidEvent): Promise<string[]> {
  const problems: string[] = [];
  const caller = (role: SessionCaller['role']) => paid.callers.find((c) => c.role === role)!;
  const conn = new HttpConnection(app.port);
  const get = async (who: SessionCaller, target: string): Promise<RawResponse | null> => {
    const headers: Array<[string, string]> = [['Host', app.host(paid.tenant)], ...(who.cookie ? ([['Cookie', who.cookie]] as Array<[string, string]>) : [])];
    const out = await conn.send({ method: 'GET', target, headers }, 15_000);
    return out.kind === 'response' ? out.response : null;
  };
  const bytesAt = async (url: string | undefined) => (url ? Buffer.from(await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).arrayBuffer()).toString('utf8') : '');
  const firstUrl = (res: RawResponse | null) => res?.body.toString('utf8').split('\n').find((l) => l.startsWith('http'));
  const expectThat = (what: string, ok: boolean, got?: RawResponse | null) => {
    if (!ok) problems.push(`${what}${got !== undefined ? ` (got ${got ? `${got.status} ${got.body.toString('utf8').slice(0, 120)}` : 'no answer'})` : ''}`);
  };
  try {
    const ticket = caller('ticketHolder');
    const replay = caller('replayHolder');
    const { eventId, live, chat } = paid;

    const master = await get(ticket, `/api/broadcast/live?event=${eventId}`);
    expectThat("a ticket holder gets the live master playlist", master?.status === 200 && master.body.toString().includes(`variant=${live.variant}`), master);
    const rendition = await get(ticket, `/api/broadcast/live?event=${eventId}&variant=${live.variant}`);
    expectThat("the live rendition's segments are signed links in the push's folder", rendition?.status === 200 && rendition.body.toString().includes(live.folder), rendition);
    expectThat("a live segment's link gives its bytes", (await bytesAt(firstUrl(rendition))).includes(live.segmentBytes));

    for (const { label, video } of paid.media) {
      const playlist = await get(replay, `/api/media/playlist?id=${video.item.id}&variant=240p`);
      expectThat(`a replay holder gets the ${label}'s rendition playlist`, playlist?.status === 200 && playlist.body.toString().includes(video.segmentName), playlist);
      expectThat(`the ${label}'s segment link gives its bytes`, (await bytesAt(firstUrl(playlist))).includes(video.segmentBytes));
    }
    const recording = paid.media[0]!.video.item;
    const page = await get(replay, `/mediaPlayBack?mediaId=${recording.id}`);
    expectThat("a replay holder's /mediaPlayBack shows the recording's title", page?.status === 200 && page.body.toString().includes(recording.title), page);
    const vod = await get(replay, `/eventVod?eventId=${eventId}`);
    expectThat('a replay holder sees the chat replayed on /eventVod', vod?.status === 200 && vod.body.toString().includes(chat.text), vod);

    const file = await get(ticket, `/api/chat/file?event=${eventId}&key=${encodeURIComponent(chat.key)}`);
    expectThat('a ticket holder gets the chat file', file?.status === 302, file);
    expectThat("the chat file's link gives its bytes", (await bytesAt(file?.headers.location)).includes(chat.fileBytes));

    const transcript = await get(caller('organizer'), `/api/transcripts?media=${recording.id}`);
    const marker = paid.markers.find((m) => m.what === "the organizer's transcript")!;
    expectThat('the organizer gets their transcript', transcript?.status === 200 && transcript.body.toString().includes(marker.text), transcript);
  } finally {
    conn.close();
  }
  const socket = ChatSocket.open({ port: app.port, host: app.host(paid.tenant), origin: app.origin(paid.tenant), cookie: caller('ticketHolder').cookie, query: `?event=${paid.eventId}` });
  const welcomed = await socket.until(() => socket.frames.some((f) => f.type === 'welcome'), 15_000);
  if (!welcomed || !socket.raw.join('\n').includes(paid.chat.text)) problems.push(`${CHAT_SOCKET_PATH}: a ticket holder's chat holds the message (close ${socket.closeCode})`);
  socket.close();
  return problems;
}
