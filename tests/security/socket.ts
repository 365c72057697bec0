/**
 * The chat WebSocket for the security suites: open a socket the way a browser of the tenant would
 * (Host, same-origin Origin, session cookies), send frames and collect what comes back. A
 * server-side failure shows as an `unavailable` error frame or a 1011 close; a hang as no pong
 * (every frame is followed by a ping, answered in order, so a pong means the frame was handled).
 */
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '#app/lib/chat/protocol';

export interface SocketTarget {
  port: number;
  host: string;
  origin: string;
  cookie?: string;
  query: string;
  /** The socket's path (default the chat socket's). */
  path?: string;
}

export interface Frame {
  type: string;
  code?: string;
  [key: string]: unknown;
}

/** An open chat socket and everything it has received. */
export class ChatSocket {
  readonly frames: Frame[] = [];
  /** Raw text of every frame received (the matrix searches it for markers). */
  readonly raw: string[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return; // audio of the text-to-speech socket
      const text = data.toString();
      this.raw.push(text);
      try {
        this.frames.push(JSON.parse(text) as Frame);
      } catch {
        this.frames.push({ type: 'unparsable' });
      }
      this.wake();
    });
    ws.on('close', (code: number) => {
      this.closeCode = code;
      this.wake();
    });
    ws.on('error', () => this.wake());
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  static open(target: SocketTarget): ChatSocket {
    const ws = new WebSocket(`ws://127.0.0.1:${target.port}${target.path ?? CHAT_SOCKET_PATH}${target.query}`, {
      headers: { Host: target.host, ...(target.cookie ? { Cookie: target.cookie } : {}) },
      origin: target.origin,
      perMessageDeflate: false,
    });
    return new ChatSocket(ws);
  }

  get closed(): boolean {
    return this.closeCode !== null;
  }

  /** Waits until `done` holds or the socket closes; false on timeout. */
  async until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!done() && !this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }

  /** Resolves once the socket is open (true) or closed/refused (false). */
  async opened(timeoutMs: number): Promise<boolean> {
    if (this.ws.readyState === WebSocket.OPEN) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.ws.once('open', () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve(false);
      });
      this.ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        this.closeCode = -res.statusCode!;
        res.resume();
        resolve(false);
      });
    });
  }

  send(data: string | Buffer): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data, { binary: Buffer.isBuffer(data) });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}

/** Error frames and close codes that mean the server failed (not the client's input). */
export function serverFailure(socket: ChatSocket, fromFrame = 0): string | null {
  const unavailable = socket.frames.slice(fromFrame).find((f) => f.type === 'error' && f.code === 'unavailable');
  if (unavailable) return 'error frame "unavailable"';
  if (socket.closeCode === 1011) return 'closed with 1011 (internal error)';
  return null;
}
