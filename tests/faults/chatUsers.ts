/**
 * A chat user of the fault suite: one socket to an app instance, a message every so often, and
 * what a browser does when the socket drops: reconnect (its own instance first, then the other, as
 * a load balancer would), resume after the highest sequence number it applied, and resend an
 * unacknowledged message with the same clientId unless the server already stored it (the welcome
 * shows it). It remembers every message it saw, so the suite can check nobody missed one.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { CHAT_SEND_LIMIT, CHAT_SOCKET_PATH, type ChatMessage, type ServerFrame, type WelcomeFrame } from '#app/lib/chat/protocol';
import { DEFAULT_TIMEOUT_MS } from './http';
import { messageOf, type Ledger } from './ledger';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ACK_TIMEOUT_MS = 5000;
/** Below the server's send limit per person, with room for a resend. */
const SEND_PAUSE_MS = Math.ceil((CHAT_SEND_LIMIT.seconds * 1000) / (CHAT_SEND_LIMIT.points - 2));

interface Pending {
  clientId: string;
  text: string;
  /** The answer to the send; 'closed' when the socket ended first, null when nothing came in time. */
  resolve: (frame: Extract<ServerFrame, { type: 'ack' | 'error' }> | 'closed' | null) => void;
}

export class ChatUser {
  /** Every message id this user has seen (snapshot, resume or live). */
  readonly seen = new Set<string>();
  reconnects = 0;
  private ws: WebSocket | null = null;
  private lastSeq = 0;
  private running = false;
  private loop: Promise<void> | undefined;
  private pending: Pending | null = null;
  /** clientId → msgId of the messages this user saw, to recognise its own after a reconnect. */
  private byClientId = new Map<string, string>();
  private attempt = 0;

  constructor(
    readonly name: string,
    private readonly ledger: Ledger,
    private readonly tenant: string,
    private readonly cookie: string,
    private readonly eventId: string,
    /** Its own instance first. */
    private readonly ports: [number, number],
  ) {}

  private see(message: ChatMessage) {
    this.seen.add(message.msgId);
    if (message.clientId) this.byClientId.set(message.clientId, message.msgId);
  }

  private onFrame(frame: ServerFrame) {
    if (frame.type === 'welcome') {
      const welcome = frame as WelcomeFrame;
      for (const m of welcome.messages ?? []) this.see(m);
      for (const e of welcome.events ?? []) {
        if (e.kind === 'message') this.see(e.message);
        this.lastSeq = Math.max(this.lastSeq, e.seq);
      }
      this.lastSeq = Math.max(this.lastSeq, welcome.headSeq);
    } else if (frame.type === 'event') {
      if (frame.event.kind === 'message') this.see(frame.event.message);
      if ('seq' in frame.event) this.lastSeq = Math.max(this.lastSeq, frame.event.seq);
    } else if ((frame.type === 'ack' || frame.type === 'error') && this.pending && frame.clientId === this.pending.clientId) {
      this.pending.resolve(frame);
    }
  }

  /** Opens a socket and waits for the welcome; false when it could not. */
  private async connect(): Promise<boolean> {
    const port = this.ports[this.attempt++ % 2]!;
    const host = `${this.tenant}.localhost:${port}`;
    const after = this.lastSeq > 0 ? `&after=${this.lastSeq}` : '';
    const ws = new WebSocket(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}?event=${this.eventId}${after}`, {
      headers: { host, cookie: this.cookie },
      origin: `http://${host}`,
      perMessageDeflate: false,
      handshakeTimeout: 5000,
    });
    const refusal = { status: 0, transport: 'chat: no welcome', message: `no welcome from :${port}` };
    const welcomed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DEFAULT_TIMEOUT_MS);
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as ServerFrame;
        if (frame.type === 'welcome') {
          clearTimeout(timer);
          resolve(true);
        }
        this.onFrame(frame);
      });
      // The upgrade refused with an HTTP answer: what the browser's socket would report.
      ws.on('unexpected-response', (req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          Object.assign(refusal, { status: res.statusCode ?? 0, transport: '', message: messageOf(body) });
          clearTimeout(timer);
          resolve(false);
          req.destroy();
        });
      });
      ws.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ECONNREFUSED') Object.assign(refusal, { transport: 'refused', message: e.message });
      });
      ws.on('close', () => {
        clearTimeout(timer);
        resolve(false);
        if (this.ws === ws) this.ws = null;
        this.pending?.resolve('closed');
      });
    });
    this.ws = ws;
    const ok = await welcomed;
    this.ledger.record(
      ok
        ? { user: this.name, op: 'chat connect', language: 'en', ok, status: 101, transport: '', message: '' }
        : { user: this.name, op: 'chat connect', language: 'en', ok, ...refusal },
    );
    if (!ok) {
      ws.terminate();
      if (this.ws === ws) this.ws = null;
    } else this.attempt = 0;
    return ok;
  }

  /** Sends (or resends) the pending message and waits for its ack, its error or the socket's end. */
  private async sendPending(): Promise<void> {
    const pending = this.pending!;
    const answer = await new Promise<Extract<ServerFrame, { type: 'ack' | 'error' }> | 'closed' | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ACK_TIMEOUT_MS);
      pending.resolve = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
      this.ws!.send(JSON.stringify({ type: 'send', clientId: pending.clientId, textMessage: pending.text }));
    });
    if (answer === 'closed') {
      this.ledger.record({ user: this.name, op: 'chat send', language: 'en', ok: false, status: 0, transport: 'dropped', message: 'the socket closed before the ack' });
    } else if (answer?.type === 'ack') {
      this.ledger.record({ user: this.name, op: 'chat send', language: 'en', ok: true, status: 200, transport: '', message: '' });
      this.ledger.accepted('chat', this.tenant, answer.msgId ?? '', pending.clientId);
      this.pending = null;
    } else if (answer?.type === 'error') {
      // Refused: not stored; the person sees the error and types again later.
      this.ledger.record({ user: this.name, op: 'chat send', language: 'en', ok: false, status: 0, transport: `chat error ${answer.code}`, message: answer.code });
      this.pending = null;
    } else {
      this.ledger.record({ user: this.name, op: 'chat send', language: 'en', ok: false, status: 0, transport: 'hung', message: 'no ack' });
      // Unanswered: kept, and after the next welcome either found stored or sent again.
    }
  }

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
          if (this.ws) this.ws.terminate();
          this.ws = null;
          if (!(await this.connect())) {
            await sleep(500);
            continue;
          }
          this.reconnects++;
        }
        if (this.pending) {
          const stored = this.byClientId.get(this.pending.clientId);
          if (stored) {
            this.ledger.accepted('chat', this.tenant, stored, this.pending.clientId);
            this.pending = null;
          }
        }
        this.pending ??= { clientId: `f${randomBytes(6).toString('hex')}`, text: `${this.name} ${randomBytes(3).toString('hex')}`, resolve: () => undefined };
        await this.sendPending();
        await sleep(SEND_PAUSE_MS);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  close(): void {
    this.ws?.terminate();
    this.ws = null;
  }
}
