/**
 * A production server started on its own (`node --import tsx server/index.ts`) for the boot and lifecycle
 * tests: dead DynamoDB and S3 endpoints, a LiveKit pair of its own (production refuses the public
 * `livekit-server --dev` pair). `undefined` in `env` removes a variable.
 */
import { spawn } from 'node:child_process';

export const STANDALONE_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  S3_ENDPOINT: 'http://127.0.0.1:9',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  LIVEKIT_API_KEY: 'APIstandalone0001',
  LIVEKIT_API_SECRET: 'standalone-test-secret-0123456789abcdef',
};

export function runServer(env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...STANDALONE_ENV };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  // Node itself, with tsx as a loader, as `npm start` runs the app: the tsx CLI relays a SIGTERM and,
  // when a busy child has not acknowledged it within 60 ms, kills it with SIGKILL (exit 143).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** 'listening' once it serves, else its exit code. */
  const outcome = new Promise<number | 'listening'>((resolve) => {
    const onData = (d: Buffer) => {
      output += d;
      if (output.includes('listening')) resolve('listening');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => resolve(code ?? -1));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  return { child, exited, outcome, output: () => output, stop };
}
