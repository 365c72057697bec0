/**
 * Debian's redis-server, loopback only: the media processing queue of `npm start` and the
 * browser-test stack (local/stack/mediaProcessing.ts; the chat keeps its in-process bus on one
 * instance), and multi-instance chat fan-out in tests and benchmarks. Stopped with its stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface StartRedisOptions {
  port: number;
  /** Working folder of the server (the append-only file when `persist`). Default: the OS temp folder. */
  dir?: string;
  /** Maximum time to wait until it answers PING (default 10 s). */
  timeoutMs?: number;
  /**
   * Keep the data across restarts (an append-only file in `dir`, fsynced on every write): queued
   * media jobs survive a restart, even a killed process. Default false: nothing is written.
   */
  persist?: boolean;
}

export interface LocalRedis {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** One PING over a fresh TCP connection: true when the server answers +PONG. */
export function pingRedis(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      answer += d.toString();
      if (answer.includes('\r\n')) {
        clearTimeout(timer);
        done(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => {
      clearTimeout(timer);
      done(false);
    });
  });
}

export async function startRedis(options: StartRedisOptions): Promise<LocalRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (node scripts/ensure-deps.mjs does it) to run the media queue and the multi-instance chat tests.`);
  }
  // fsync on every write: with the default "everysec" Redis may answer a write whose append it
  // postponed (a busy disk), and a killed process then loses an accepted job. docs/decisions/0052.
  const durability = options.persist ? ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always'] : ['--save', '', '--appendonly', 'no'];
  const args = ['--port', String(options.port), '--bind', '127.0.0.1', ...durability, '--protected-mode', 'yes', '--loglevel', 'warning'];
  if (options.dir) args.push('--dir', options.dir);
  const child: ChildProcess = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (!(await pingRedis(options.port, 500))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${options.port} did not start${exited ? ' (it exited)' : ''}:\n${output.trim()}`);
    }
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${options.port}`,
    pid: child.pid!,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exit;
      clearTimeout(timer);
    },
  };
}
