import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a unit test is a failure (ARCHITECTURE.md convention 8).
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls.map((args) => args.map(String).join(' '));
  spy.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
