/**
 * The simulated users of the fault suite: plain HTTP clients behind the load balancer (http.ts),
 * each doing one thing over and over at a steady pace: browsing pages, signing in, posting the
 * contact form (one of them in French), uploading a picture through the presigned upload API,
 * starting a checkout with the local test provider, asking for the video room. Each records every
 * request in the ledger and every write the server accepted. The chat users are in chatUsers.ts.
 */
import { randomBytes } from 'node:crypto';
import { Balancer, formBody, send, TransportError, type Answer, type Call } from './http';
import { messageOf, type Ledger, type WriteKind } from './ledger';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface UserIdentity {
  /** Amplify's token cookies for the tenant's pool. */
  cookie: string;
}

/** A user that repeats `step` every `pauseMs` until stopped. */
export abstract class SimulatedUser {
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(
    readonly name: string,
    readonly language: string,
    protected readonly ledger: Ledger,
    protected readonly lb: Balancer,
    protected readonly pauseMs: number,
  ) {}

  protected abstract step(): Promise<void>;

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        await this.step().catch((e: unknown) => this.ledger.record({ user: this.name, op: 'internal', language: this.language, ok: false, status: 0, transport: 'error', message: String(e) }));
        await sleep(this.pauseMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** Whether the last refused call may be sent again (a 5xx or no answer), as a client's retry policy would. */
  protected retryable = false;

  /** Sends through the balancer and records the outcome; the answer when it was a success. */
  protected async call(op: string, call: Call, ok: (a: Answer) => boolean = (a) => a.status < 400): Promise<Answer | null> {
    this.retryable = true;
    try {
      const answer = await this.lb.send(call);
      const success = ok(answer);
      this.retryable = answer.status >= 500;
      this.ledger.record({ user: this.name, op, language: this.language, ok: success, status: answer.status, transport: '', message: success ? '' : messageOf(answer.body) });
      return success ? answer : null;
    } catch (e) {
      const transport = e instanceof TransportError ? e.kind : 'error';
      this.ledger.record({ user: this.name, op, language: this.language, ok: false, status: 0, transport, message: (e as Error).message });
      return null;
    }
  }

  protected accept(kind: WriteKind, tenant: string, id: string, marker: string): void {
    this.ledger.accepted(kind, tenant, id, marker);
  }
}

export interface SiteOptions {
  tenant: string;
  /** Accept-Language of the user's browser. */
  acceptLanguage: string;
  ports: number[];
}

const host = (tenant: string, port: number) => `${tenant}.localhost:${port}`;

/** Opens public pages one after another: the home page, the live events list (read from the database), the contact form. */
export class Browser extends SimulatedUser {
  private n = 0;
  constructor(ledger: Ledger, private readonly site: SiteOptions, language: string, private readonly paths: string[]) {
    super(`browser-${language}`, language, ledger, new Balancer(site.ports), 250);
  }

  protected async step() {
    const path = this.paths[this.n++ % this.paths.length]!;
    await this.call(`GET ${path}`, { path, host: host(this.site.tenant, this.site.ports[0]!), headers: { 'Accept-Language': this.site.acceptLanguage, Accept: 'text/html' } });
  }
}

/** Signs in with the identity gateway (USER_PASSWORD_AUTH, as the sign-in screen does). */
export class SignIn extends SimulatedUser {
  constructor(ledger: Ledger, private readonly site: SiteOptions, private readonly account: { username: string; password: string; clientId: string }) {
    super('sign-in', 'en', ledger, new Balancer(site.ports), 400);
  }

  protected async step() {
    const body = JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: this.account.clientId, AuthParameters: { USERNAME: this.account.username, PASSWORD: this.account.password } });
    await this.call(
      'sign in',
      {
        method: 'POST',
        path: '/api/identity',
        host: host(this.site.tenant, this.site.ports[0]!),
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth', 'Accept-Language': this.site.acceptLanguage },
        body,
      },
      (a) => a.status === 200 && a.body.includes('AuthenticationResult'),
    );
  }
}

/** Posts the contact form as the page's script does (?_data=contactUs: the action's JSON). */
export class ContactForm extends SimulatedUser {
  constructor(ledger: Ledger, private readonly site: SiteOptions, language: string) {
    super(`form-${language}`, language, ledger, new Balancer(site.ports), 500);
  }

  protected async step() {
    const marker = `fault-form-${randomBytes(6).toString('hex')}`;
    const h = host(this.site.tenant, this.site.ports[0]!);
    const answer = await this.call(
      'POST /contactUs',
      {
        method: 'POST',
        path: '/contactUs?_data=contactUs',
        host: h,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://${h}`, 'Accept-Language': this.site.acceptLanguage },
        body: formBody({ name: 'Fault Suite', email: 'visitor@example.com', subject: 'Outage test', message: `Please keep this message: ${marker}` }),
      },
      (a) => a.status === 200 && a.body.includes('"success"'),
    );
    if (answer) this.accept('form', this.site.tenant, marker, marker);
  }
}

/** A JSON API call with the user's cookies. */
function apiCall(site: SiteOptions, identity: UserIdentity, path: string, body?: unknown, method = 'POST'): Call {
  const h = host(site.tenant, site.ports[0]!);
  return {
    method,
    path,
    host: h,
    headers: { Cookie: identity.cookie, Origin: `http://${h}`, 'Accept-Language': site.acceptLanguage, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** Uploads a small picture: start (the item), sign (a presigned PUT), PUT straight to storage, finish (checked and queued). */
export class Uploader extends SimulatedUser {
  constructor(ledger: Ledger, private readonly site: SiteOptions, private readonly identity: UserIdentity, private readonly jpeg: Buffer) {
    super('uploader', 'en', ledger, new Balancer(site.ports), 600);
  }

  /** One presigned PUT straight to storage; true when stored. */
  private async putToStorage(target: URL, headers: Record<string, string> | undefined): Promise<boolean> {
    const op = 'upload PUT (storage)';
    try {
      const put = await send(Number(target.port), { method: 'PUT', path: `${target.pathname}${target.search}`, host: target.host, headers: { 'Content-Type': 'image/jpeg', ...headers }, body: this.jpeg });
      this.ledger.record({ user: this.name, op, language: 'en', ok: put.status < 300, status: put.status, transport: '', message: put.status < 300 ? '' : messageOf(put.body) });
      return put.status < 300;
    } catch (e) {
      this.ledger.record({ user: this.name, op, language: 'en', ok: false, status: 0, transport: e instanceof TransportError ? `storage ${e.kind}` : 'error', message: (e as Error).message });
      return false;
    }
  }

  protected async step() {
    const marker = `fault-upload-${randomBytes(4).toString('hex')}`;
    const started = await this.call('upload start', apiCall(this.site, this.identity, '/api/media/upload/start', { fileName: `${marker}.jpg`, contentType: 'image/jpeg', size: this.jpeg.length, title: marker }));
    if (!started) return;
    const { mediaId, key } = JSON.parse(started.body) as { mediaId: string; key: string };
    const signed = await this.call('upload sign', apiCall(this.site, this.identity, '/api/media/upload/sign', { mediaId, request: { method: 'PUT', key, contentType: 'image/jpeg' } }));
    if (!signed) return;
    const { url, headers } = JSON.parse(signed.body) as { url: string; headers?: Record<string, string> };
    const target = new URL(url);
    // Straight to storage, as the browser does (not through the app), retried as the uploader does (Uppy's retryDelays).
    let stored = false;
    for (const delay of [0, 1000, 3000, 5000, 5000, 5000]) {
      await sleep(delay);
      stored = await this.putToStorage(target, headers);
      if (stored) break;
    }
    if (!stored) return;
    // A finish refused with a 5xx or unanswered is retried (the bytes are stored): the same item must not be queued twice.
    for (let attempt = 0; attempt < 20; attempt++) {
      const finished = await this.call('upload finish', apiCall(this.site, this.identity, '/api/media/upload/finish', { mediaId }));
      if (finished) {
        this.accept('upload', this.site.tenant, mediaId, marker);
        return;
      }
      if (!this.retryable) return;
      await sleep(500);
    }
  }
}

/** Starts a checkout for one ticket of a paid event; an attempt refused with a 5xx or unanswered is retried with the same idempotency key. */
export class Buyer extends SimulatedUser {
  /** A checkout was sent and not yet answered with an order (the order may exist already). */
  inFlight = false;

  constructor(ledger: Ledger, private readonly site: SiteOptions, private readonly identity: UserIdentity, private readonly eventId: string) {
    super('buyer', 'en', ledger, new Balancer(site.ports), 700);
  }

  protected async step() {
    const idempotencyKey = `fault-${randomBytes(8).toString('hex')}`;
    const body = { lines: [{ kind: 'ticket', refId: this.eventId, quantity: 1 }], returnPath: '/', idempotencyKey };
    this.inFlight = true;
    try {
      await this.checkout(body, idempotencyKey);
    } finally {
      this.inFlight = false;
    }
  }

  private async checkout(body: object, idempotencyKey: string) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await this.call('POST /api/checkout', apiCall(this.site, this.identity, '/api/checkout', body), (a) => a.status === 200);
      if (answer) {
        const { orderId } = JSON.parse(answer.body) as { orderId: string };
        this.accept('order', this.site.tenant, orderId, idempotencyKey);
        return;
      }
      if (!this.retryable) return;
      await sleep(500);
    }
  }
}

/** Asks for the event's video room (the room service of the LiveKit server). */
export class RoomViewer extends SimulatedUser {
  constructor(ledger: Ledger, private readonly site: SiteOptions, private readonly identity: UserIdentity, private readonly eventId: string) {
    super('room', 'en', ledger, new Balancer(site.ports), 700);
  }

  protected async step() {
    await this.call('POST /api/events/token', apiCall(this.site, this.identity, '/api/events/token', { eventId: this.eventId }), (a) => a.status === 200);
    await this.call('GET /api/events/room', apiCall(this.site, this.identity, `/api/events/room?event=${this.eventId}`, undefined, 'GET'), (a) => a.status === 200);
  }
}
