/** Starts the test payment provider's process (local/testpay/process.ts) and waits until it listens. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { newTestPayApiKey, newWebhookSecret } from './signing';

export interface TestPayProcess {
  child: ChildProcess;
  /** The env the app server needs to use it. */
  env: { TESTPAY_URL: string; TESTPAY_API_KEY: string; TESTPAY_WEBHOOK_SECRET: string };
  stop(): Promise<void>;
}

export async function startTestPay(options: { port: number; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<TestPayProcess> {
  const apiKey = newTestPayApiKey();
  const webhookSecret = newWebhookSecret();
  const url = `http://localhost:${options.port}`;
  const env = { ...(options.env ?? process.env) };
  delete env.NODE_OPTIONS;
  const child = fork(fileURLToPath(new URL('./process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env, TESTPAY_PORT: String(options.port), TESTPAY_API_KEY: apiKey, TESTPAY_WEBHOOK_SECRET: webhookSecret, TESTPAY_PUBLIC_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test payment provider did not start within ${options.timeoutMs ?? 20_000} ms`)), options.timeoutMs ?? 20_000);
    child.on('message', (m: { type: string; code?: string; message?: string }) => {
      clearTimeout(timer);
      if (m.type === 'ready') resolve();
      else reject(new Error(m.code === 'EADDRINUSE' ? `Port ${options.port} for the test payment provider is already in use.` : `the test payment provider failed: ${m.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the test payment provider exited early (code ${code})`));
    });
  });
  child.channel?.unref();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  return { child, env: { TESTPAY_URL: url, TESTPAY_API_KEY: apiKey, TESTPAY_WEBHOOK_SECRET: webhookSecret }, stop };
}
