/**
 * Sends Stripe-shaped events to the platform, signed like Stripe signs them, and retries on
 * anything but a 2xx (as Stripe does, on a much shorter schedule for a local stack).
 * Node cannot resolve `<tenant>.localhost`, so such hosts are reached on 127.0.0.1 with the
 * Host header kept.
 */
import { request } from 'node:http';
import { newId } from './store';
import { signatureHeader } from './signing';

/** Waits before each attempt, in ms: the first is immediate. */
export const RETRY_DELAYS_MS = [0, 200, 1000, 3000, 10_000, 30_000];

export interface WebhookSender {
  send(url: string, type: string, object: Record<string, unknown>): void;
  /** Resolves when every delivery under way has ended (delivered or given up). */
  idle(): Promise<void>;
}

function post(url: string, body: string, signature: string): Promise<number> {
  const target = new URL(url);
  const loopback = target.hostname === 'localhost' || target.hostname.endsWith('.localhost');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: loopback ? '127.0.0.1' : target.hostname,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { Host: target.host, 'Content-Type': 'application/json', 'Stripe-Signature': signature, 'User-Agent': 'testpay-webhooks', 'Content-Length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export function createWebhookSender(secret: string, log: (message: string) => void): WebhookSender {
  const running = new Set<Promise<void>>();
  const deliver = async (url: string, type: string, body: string) => {
    for (const delay of RETRY_DELAYS_MS) {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      try {
        // Each attempt is signed afresh, so a late retry is not refused as too old.
        const status = await post(url, body, signatureHeader(body, secret));
        if (status >= 200 && status < 300) return;
        log(`webhook ${type} to ${url}: HTTP ${status}, retrying`);
      } catch (e) {
        log(`webhook ${type} to ${url}: ${(e as Error).message}, retrying`);
      }
    }
    log(`webhook ${type} to ${url}: gave up after ${RETRY_DELAYS_MS.length} attempts`);
  };
  return {
    send(url, type, object) {
      const event = { id: newId('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
      const p = deliver(url, type, JSON.stringify(event)).finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
