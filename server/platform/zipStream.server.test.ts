import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zipStream.server';

const run = promisify(execFile);

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes every entry in order, opening each source only when the previous one is written', async () => {
    const open: string[] = [];
    let concurrent = 0;
    let most = 0;
    const entry = (name: string, bytes: Buffer): ZipEntry => ({
      name,
      date: new Date('2026-11-24T10:00:00Z'),
      open: async () => {
        open.push(name);
        concurrent++;
        most = Math.max(most, concurrent);
        const source = Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]);
        source.once('end', () => concurrent--);
        return source;
      },
    });
    const a = Buffer.alloc(300_000, 1);
    const b = Buffer.alloc(5_000, 2);
    const zip = await collect(zipStream([entry('a.jpg', a), entry('b (2).jpg', b)], () => {}));
    expect(open).toEqual(['a.jpg', 'b (2).jpg']);
    expect(most).toBe(1);
    // Stored, not deflated: the zip is the photos' size plus headers.
    expect(zip.length).toBeGreaterThan(a.length + b.length);
    const dir = await mkdtemp(join(tmpdir(), 'zip-test-'));
    try {
      await writeFile(join(dir, 'out.zip'), zip);
      const { stdout } = await run('unzip', ['-Z1', join(dir, 'out.zip')]);
      expect(stdout.trim().split('\n')).toEqual(['a.jpg', 'b (2).jpg']);
      const { stdout: body } = await run('unzip', ['-p', join(dir, 'out.zip'), 'a.jpg'], { encoding: 'buffer', maxBuffer: 1_000_000 });
      expect(body.equals(a)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ends with an error, not a short zip, when a source fails midway', async () => {
    const errors: unknown[] = [];
    const failing: ZipEntry = {
      name: 'broken.jpg',
      date: new Date(),
      open: async () =>
        new Readable({
          read() {
            this.destroy(new Error('storage went away'));
          },
        }),
    };
    const ok: ZipEntry = { name: 'ok.jpg', date: new Date(), open: async () => Readable.from([Buffer.from('fine')]) };
    await expect(collect(zipStream([ok, failing, ok], (e) => errors.push(e)))).rejects.toThrow('storage went away');
    expect(errors).toHaveLength(1);
  });

  it('stops opening sources once the reader goes away', async () => {
    const opened: string[] = [];
    const big = (name: string): ZipEntry => ({
      name,
      date: new Date(),
      open: async () => {
        opened.push(name);
        return Readable.from((function* () {
          for (let i = 0; i < 200; i++) yield Buffer.alloc(64 * 1024, i);
        })());
      },
    });
    const zip = zipStream([big('1.jpg'), big('2.jpg'), big('3.jpg')], () => {});
    for await (const chunk of zip) {
      void chunk;
      break; // the download was cancelled
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(zip.destroyed).toBe(true);
    expect(opened).toEqual(['1.jpg']);
  });
});
