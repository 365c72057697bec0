// s3rver writes an object in place (truncate, then stream) and a GET takes the length from a stat
// made before it opens the file, so reading an object while it is overwritten (the media worker
// replaces an upload with its cleaned copy while a page shows it) answers a length its bytes do
// not match: ERR_CONTENT_LENGTH_MISMATCH in the browser. S3 replaces an object atomically; these
// two patches give the local stand-in the same guarantee: a write goes to a temporary file renamed
// over the object, and a read takes its length from the file it opened.
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FilesystemStore = require('s3rver/lib/stores/filesystem.js');
const S3Object = require('s3rver/lib/models/object.js');

/** Streams `content` (a Buffer or a stream) into `path`; its size and MD5. */
async function writeFileOf(content, path) {
  const md5 = createHash('md5');
  let size = 0;
  const counter = new Transform({
    transform(chunk, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  if (Buffer.isBuffer(content)) counter.end(content);
  await pipeline(Buffer.isBuffer(content) ? counter : content.pipe(counter), createWriteStream(path));
  return { size, md5: md5.digest('hex') };
}

FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  // Not ending in "._S3rver_object": listings never see it.
  const partial = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
  try {
    const { size, md5 } = await writeFileOf(object.content, partial);
    await rename(partial, objectPath);
    await this.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size, md5 };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
};

FilesystemStore.prototype.getObject = async function getObject(bucket, key, options) {
  let handle;
  try {
    // The file first: a rename after this point leaves what was opened whole.
    handle = await open(this.getResourcePath(bucket, key, 'object'), 'r');
    const metadata = { ...(await this.getMetadata(bucket, key)), 'content-length': String((await handle.stat()).size) };
    const lastByte = Math.max(0, Number(metadata['content-length']) - 1);
    const range = { start: options?.start || 0, end: Math.min(options?.end || Infinity, lastByte) };
    const ranged = Boolean(options && (options.start || options.end));
    if (range.start < 0 || Math.min(range.end, lastByte) < range.start) {
      await handle.close();
      const object = new S3Object(bucket, key, null, metadata);
      if (ranged) object.range = range;
      return object;
    }
    const content = handle.createReadStream({ start: range.start, end: range.end });
    handle = undefined;
    const object = new S3Object(bucket, key, content, metadata);
    if (ranged) object.range = range;
    return object;
  } catch (err) {
    await handle?.close();
    if (err.code === 'ENOENT') return null;
    throw err;
  }
};
