/**
 * A benchmark's client process (a `tsx` child with an IPC channel): the benchmark sends it orders
 * and waits for the answer of a given type; the child exiting first rejects the wait.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { childNodeEnv } from '#local/stack/stack';

export interface IpcChild<Order extends object> {
  process: ChildProcess;
  ask<T>(order: Order, answer: string): Promise<T>;
}

export function startIpcChild<Order extends object>(entry: string, env: Record<string, string> = {}): IpcChild<Order> {
  const child = spawn('node_modules/.bin/tsx', [entry], { env: childNodeEnv(env), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    process: child,
    ask: <T>(order: Order, answer: string) =>
      new Promise<T>((resolve, reject) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as T);
        };
        const onExit = (code: number | null) => reject(new Error(`a client process exited (${code})`));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(order);
      }),
  };
}
