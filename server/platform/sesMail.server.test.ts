/**
 * Production mail offline: the SES v2 client pointed at a local recorder (an HTTP server answering
 * what SendEmail answers, or SES's JSON error), so the request the adapter sends, and what
 * sendMail makes of the answer, are checked without an AWS account. Without MAIL_PROVIDER=ses the
 * outbox file keeps receiving the mail, as the local stack expects.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testTenantId } from '#tests/support/tenants';
import { configuredTransport, sendMail, type MailTenant } from './mail.server';
import { displayName, mailFromAddress } from './sesMail.server';

interface Recorded {
  method: string;
  path: string;
  authorization: string;
  body: {
    FromEmailAddress: string;
    Destination: { ToAddresses: string[] };
    Content: { Simple: { Subject: { Data: string }; Body: { Text: { Data: string } }; Attachments?: Array<{ FileName: string; ContentType: string; ContentDisposition: string; RawContent: string }> } };
    EmailTags: Array<{ Name: string; Value: string }>;
  };
}

let server: Server;
let endpoint: string;
const recorded: Recorded[] = [];
/** What the recorder answers next: SES's success, or one of its errors. */
let answer: { status: number; body: Record<string, unknown>; type?: string } = { status: 200, body: { MessageId: 'msg-1' } };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.setEncoding('utf8').on('data', (c: string) => (s += c));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    recorded.push({ method: req.method ?? '', path: req.url ?? '', authorization: String(req.headers.authorization ?? ''), body: JSON.parse(body || '{}') });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.type ? { 'x-amzn-errortype': answer.type } : {}) });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const tenant: MailTenant = { id: testTenantId('lumiere'), displayName: 'Lumière', domains: ['live.lumiere.example', 'lumiere.example'] };
const sesEnv = () => ({ MAIL_PROVIDER: 'ses', SES_ENDPOINT: endpoint, AWS_REGION: 'eu-west-3', PLATFORM_ROOT_DOMAIN: 'events.example.com' });
const message = {
  to: 'ana@example.com',
  subject: 'Votre billet',
  text: 'Bonjour Ana,\nà bientôt.',
  purpose: 'ticket',
  attachments: [{ filename: 'concert.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nSUMMARY:Récital\r\nEND:VCALENDAR\r\n' }],
};

describe('mail through SES v2', () => {
  it('sends one SendEmail from the tenant domain with destination, subject, body and attachment', async () => {
    recorded.length = 0;
    answer = { status: 200, body: { MessageId: 'msg-1' } };
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    try {
      expect(await sendMail(tenant, message, configuredTransport(sesEnv()))).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(recorded).toHaveLength(1);
    const [call] = recorded;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v2/email/outbound-emails');
    // Signed for SES in the configured region.
    expect(call.authorization).toMatch(/Credential=local\/\d{8}\/eu-west-3\/ses\/aws4_request/);
    expect(call.body.FromEmailAddress).toBe(`=?UTF-8?B?${Buffer.from('Lumière').toString('base64')}?= <no-reply@live.lumiere.example>`);
    expect(call.body.Destination).toEqual({ ToAddresses: ['ana@example.com'] });
    expect(call.body.Content.Simple.Subject.Data).toBe('Votre billet');
    expect(call.body.Content.Simple.Body.Text.Data).toBe('Bonjour Ana,\nà bientôt.');
    const [attachment] = call.body.Content.Simple.Attachments ?? [];
    expect(attachment).toMatchObject({ FileName: 'concert.ics', ContentType: 'text/calendar', ContentDisposition: 'ATTACHMENT' });
    expect(Buffer.from(attachment.RawContent, 'base64').toString('utf8')).toBe(message.attachments[0].content);
    expect(call.body.EmailTags).toEqual([{ Name: 'tenant', Value: tenant.id }, { Name: 'purpose', Value: 'ticket' }]);
  });

  it('reports a refused message as not delivered and logs why', async () => {
    recorded.length = 0;
    answer = { status: 400, type: 'MessageRejected', body: { message: 'Email address is not verified.' } };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    try {
      expect(await sendMail(tenant, { ...message, attachments: undefined }, configuredTransport(sesEnv()))).toBe(false);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(recorded).toHaveLength(1);
    expect(recorded[0].body.Content.Simple.Attachments).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(error.mock.calls[0][0]))).toMatchObject({ level: 'error', msg: `mail: SES refused "ticket" for tenant ${tenant.id}`, error: 'MessageRejected' });
    error.mockClear();
  });

  it('writes a plain ASCII name quoted, and falls back to the platform domain', () => {
    expect(displayName('Aurora "Live"')).toBe('"Aurora \\"Live\\""');
    expect(mailFromAddress({ ...tenant, displayName: 'Solana', domains: [] }, 'events.example.com', 'tickets')).toBe('"Solana" <tickets@events.example.com>');
  });

  it('keeps appending to the outbox file without MAIL_PROVIDER=ses, and sends nothing with neither', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-'));
    try {
      const outbox = join(dir, 'outbox.jsonl');
      recorded.length = 0;
      expect(await sendMail(tenant, message, configuredTransport({ IDENTITY_OUTBOX_FILE: outbox }))).toBe(true);
      const line = JSON.parse(readFileSync(outbox, 'utf8').trim());
      expect(line).toMatchObject({ tenant: tenant.id, medium: 'EMAIL', destination: 'ana@example.com', purpose: 'ticket', subject: 'Votre billet' });
      expect(line.attachments[0].filename).toBe('concert.ics');
      expect(configuredTransport({})).toBeNull();
      expect(recorded).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
