/**
 * Stores a live push's HLS output as ffmpeg writes it (docs/decisions/0029): every finished
 * segment, then each rendition's playlist, then the master playlist. A playlist goes up only after
 * every segment it names, so a viewer never reads a playlist pointing at a segment storage lacks.
 * ffmpeg writes segments and playlists to a .tmp file and renames them (hls_flags temp_file): a
 * name without .tmp is complete.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type PutFile = (relativeKey: string, body: Buffer, contentType: string) => Promise<void>;

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
const SEGMENT = /^segment_\d+\.ts$/;

/** Segment names a playlist lists, in order. */
export const segmentsIn = (playlist: string) =>
  playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

export class LiveUploader {
  readonly #stored = new Set<string>();
  readonly #playlists = new Map<string, string>();
  #segments = 0;

  constructor(
    private readonly dir: string,
    private readonly variants: readonly string[],
    private readonly put: PutFile,
  ) {}

  /** Segments stored so far (all renditions). */
  get segmentsStored() {
    return this.#segments;
  }

  async #storeSegment(variant: string, name: string) {
    const key = `${variant}/${name}`;
    if (this.#stored.has(key)) return;
    await this.put(key, await readFile(join(this.dir, variant, name)), SEGMENT_TYPE);
    this.#stored.add(key);
    this.#segments++;
  }

  async #syncVariant(variant: string): Promise<boolean> {
    let text: string;
    try {
      text = await readFile(join(this.dir, variant, 'index.m3u8'), 'utf8');
    } catch {
      return false;
    }
    if (this.#playlists.get(variant) === text) return true;
    for (const name of segmentsIn(text)) if (SEGMENT.test(name)) await this.#storeSegment(variant, name);
    await this.put(`${variant}/index.m3u8`, Buffer.from(text), PLAYLIST_TYPE);
    this.#playlists.set(variant, text);
    return true;
  }

  /** One pass: stores what is new. True once every rendition has a playlist and the master is stored. */
  async sync(): Promise<boolean> {
    let all = true;
    for (const variant of this.variants) all = (await this.#syncVariant(variant)) && all;
    if (!all) return false;
    const master = join(this.dir, 'master.m3u8');
    const text = await readFile(master, 'utf8').catch(() => null);
    if (text === null) return false;
    if (this.#playlists.get('master') !== text) {
      await this.put('master.m3u8', Buffer.from(text), PLAYLIST_TYPE);
      this.#playlists.set('master', text);
    }
    return true;
  }
}
