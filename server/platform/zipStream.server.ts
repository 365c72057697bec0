/**
 * A zip written while it is sent (docs/decisions/0028): each photo is read from the object store
 * as a stream, one after the other, and archiver writes it into the zip stream the response
 * carries. Nothing is assembled in memory or on disk, and at most one store read is open at once.
 */
import { once } from 'node:events';
import { Readable, type Transform } from 'node:stream';
import * as archiverModule from 'archiver';

/** The part of archiver 8's ZipArchive used here (@types/archiver still describes archiver 7's factory). */
interface ZipStream extends Transform {
  append(source: Readable, data: { name: string; date?: Date }): this;
  finalize(): Promise<void>;
  abort(): this;
}
const { ZipArchive } = archiverModule as unknown as { ZipArchive: new (options: { store?: boolean }) => ZipStream };

export interface ZipEntry {
  name: string;
  date: Date;
  /** Opens the entry's bytes when it is its turn (so only one store read is open at once). */
  open: () => Promise<Readable>;
}

/** Waits for archiver to finish the entry in progress; fails when the zip stream ends first (the download was cancelled). */
async function entryWritten(zip: ZipStream, source: Readable): Promise<void> {
  const closed = once(zip, 'close').then(() => {
    throw new Error('the zip stream closed before the entry was written');
  });
  const failed = once(source, 'error').then(([e]) => {
    throw e as Error;
  });
  try {
    await Promise.race([once(zip, 'entry'), closed, failed]);
  } finally {
    closed.catch(() => {});
    failed.catch(() => {});
  }
}

/**
 * A readable zip of the entries, in order. Photos are already compressed, so entries are stored,
 * not deflated: the zip costs no CPU and its size is the photos' own. A failed read ends the
 * stream with an error, so the browser reports a failed download rather than saving a short zip.
 */
export function zipStream(entries: readonly ZipEntry[], onError: (e: unknown) => void): Readable {
  const zip = new ZipArchive({ store: true });
  void (async () => {
    try {
      for (const entry of entries) {
        if (zip.destroyed) return;
        const source = await entry.open();
        zip.append(source, { name: entry.name, date: entry.date });
        try {
          await entryWritten(zip, source);
        } catch (e) {
          source.destroy();
          throw e;
        }
      }
      await zip.finalize();
    } catch (e) {
      if (!zip.destroyed) {
        onError(e);
        zip.destroy(e as Error);
      }
    }
  })();
  return zip;
}
