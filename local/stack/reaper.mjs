// Guardian for the local stack's child processes. stack.ts forks it and sends
// { watch: pid }, { removeFolder: path } and, on a normal stop, { exit: true }.
// If the parent dies without stopping the stack (SIGKILL, crash, a test runner killed
// mid-run), the IPC channel closes: this process then kills every pid it watches and
// removes the folders it was given, so no DynamoDB Local (java), s3rver or app server
// is left behind.
import { rmSync } from 'node:fs';
import { setTimeout } from 'node:timers';

const watched = new Set();
const folders = new Set();

process.on('message', (message) => {
  if (!message || typeof message !== 'object') return;
  if (typeof message.watch === 'number') watched.add(message.watch);
  if (typeof message.removeFolder === 'string') folders.add(message.removeFolder);
  if (message.exit) process.exit(0);
});

const signal = (sig) => {
  for (const pid of watched) {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  }
};

process.on('disconnect', () => {
  if (watched.size === 0 && folders.size === 0) process.exit(0);
  signal('SIGTERM');
  // Give them a moment to exit cleanly, then make sure.
  setTimeout(() => {
    signal('SIGKILL');
    for (const folder of folders) {
      try {
        rmSync(folder, { recursive: true, force: true });
      } catch {
        // best effort
      }
    }
    process.exit(0);
  }, 1500);
});

// Ctrl-C reaches the whole process group: the parent decides when the stack stops, and
// tells us (exit) or disappears (disconnect).
process.on('SIGINT', () => {});
