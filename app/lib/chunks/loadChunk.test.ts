import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError } from './chunkLoadError';
import { loadChunk } from './loadChunk';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives the module when it arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 1 }), 'a.js')).resolves.toEqual({ default: 1 });
  });

  it('turns a fetch failure into a ChunkLoadError naming the chunk, the browser’s error as its cause', async () => {
    const fetchFailure = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');
    const error = await loadChunk(() => Promise.reject(fetchFailure), '/assets/a.js').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', chunk: '/assets/a.js', reason: 'failed', cause: fetchFailure });
  });

  it('recognises Vite’s CSS preload failure and Firefox’s and Safari’s wording', () => {
    for (const message of ['Unable to preload CSS for /assets/x.css', 'error loading dynamically imported module', 'Importing a module script failed.']) {
      expect(isChunkLoadError(new Error(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
  });

  it('lets an error thrown by the module itself through unchanged', async () => {
    const bug = new ReferenceError('window is not defined');
    await expect(loadChunk(() => Promise.reject(bug), 'a.js')).rejects.toBe(bug);
  });

  it('fails with a timeout ChunkLoadError after 120 seconds, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise(() => {}), '/assets/slow.js').catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
    expect(settled).toMatchObject({ reason: 'timeout', chunk: '/assets/slow.js' });
  });
});
