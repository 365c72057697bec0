/**
 * The test payment provider as its own process (started by local/stack/stack.ts or a test with
 * startTestPay). Configuration from the environment: TESTPAY_PORT, TESTPAY_API_KEY,
 * TESTPAY_WEBHOOK_SECRET, TESTPAY_PUBLIC_URL. Tells the parent { type: 'ready', port } over IPC and
 * exits when the parent goes away, so it never outlives the stack.
 */
import { createTestPayServer } from './server';

const port = Number(process.env.TESTPAY_PORT);
const apiKey = process.env.TESTPAY_API_KEY ?? '';
const webhookSecret = process.env.TESTPAY_WEBHOOK_SECRET ?? '';
if (!Number.isInteger(port) || !apiKey || !webhookSecret.startsWith('whsec_')) {
  console.error('testpay: TESTPAY_PORT, TESTPAY_API_KEY and TESTPAY_WEBHOOK_SECRET (whsec_...) are required');
  process.exit(2);
}
const publicUrl = process.env.TESTPAY_PUBLIC_URL ?? `http://localhost:${port}`;
const { server } = createTestPayServer({ apiKey, webhookSecret, publicUrl });

const shutdown = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('disconnect', shutdown);
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

server.on('error', (e: NodeJS.ErrnoException) => {
  process.send?.({ type: 'error', code: e.code, message: e.message });
  process.exit(1);
});
// Loopback only; `localhost` must work for both Node (127.0.0.1) and the browser.
server.listen(port, 'localhost', () => process.send?.({ type: 'ready', port }));
