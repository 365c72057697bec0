import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a unit test is a failure (docs/ARCHITECTURE.md, Conventions).
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls.map((args) => args.map(String).join(' '));
  spy.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
