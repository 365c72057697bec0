// bench/media: the media pipeline's three figures (issue 13), on a temporary local stack (s3rver):
//  1. upload throughput of one file through presigned multipart parts (what Uppy does for large
//     files: CreateMultipartUpload on the server, parts PUT in parallel, CompleteMultipartUpload)
//     against one presigned plain PUT of the same file to the same store (ratio);
//  2. images processed per second (server/media/image.server.ts: four webp sizes and the original
//     rewritten without EXIF), one at a time;
//  3. video transcode speed as a multiple of real time (server/media/video.server.ts: 360p and 720p
//     HLS, MP4 fallback, poster) for a 1-minute 720p clip made with ffmpeg's test sources.
// Derived files go to a local folder (the storage upload is part 1's business).
// Counts: BENCH_MEDIA_UPLOAD_MB (64), BENCH_MEDIA_PART_MB (8), BENCH_MEDIA_PARALLEL_PARTS (4),
// BENCH_MEDIA_RUNS (3), BENCH_MEDIA_IMAGES (10), BENCH_MEDIA_VIDEO_SECONDS (60).
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getFreePort } from '#local/stack/ports';
import { createLocalStorage } from '#local/stack/stack';
import { processImage } from '#server/media/image.server';
import type { StoreDerived } from '#server/media/processor.server';
import { processVideo } from '#server/media/video.server';
import type { Storage } from '#server/platform/storage.server';
import { makeJpegWithGps, makeVideo } from '#tests/support/mediaFiles';
import { withBenchStack } from './app-stack';
import { reportHeadline, table } from './lib';

const MB = 1024 * 1024;
const UPLOAD_MB = Number(process.env.BENCH_MEDIA_UPLOAD_MB ?? 64);
const PART_MB = Number(process.env.BENCH_MEDIA_PART_MB ?? 8);
const PARALLEL = Number(process.env.BENCH_MEDIA_PARALLEL_PARTS ?? 4);
const RUNS = Number(process.env.BENCH_MEDIA_RUNS ?? 3);
const IMAGES = Number(process.env.BENCH_MEDIA_IMAGES ?? 10);
const VIDEO_SECONDS = Number(process.env.BENCH_MEDIA_VIDEO_SECONDS ?? 60);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function put(url: string, body: Buffer<ArrayBuffer>, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'Content-Length': String(body.length), ...headers } });
  if (!res.ok) throw new Error(`PUT ${res.status}: ${(await res.text()).slice(0, 200)}`);
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '';
}

/** Seconds to store `body` with one presigned PUT. */
async function plainPut(storage: Storage, key: string, body: Buffer<ArrayBuffer>): Promise<number> {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const url = await getSignedUrl(storage.client, new PutObjectCommand({ Bucket: storage.bucket, Key: key, ContentType: 'video/mp4', ContentLength: body.length }), {
    expiresIn: 300,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
  const began = performance.now();
  await put(url, body, { 'Content-Type': 'video/mp4' });
  return (performance.now() - began) / 1000;
}

/** Seconds to store `body` as a multipart upload: presigned parts, `PARALLEL` at a time. */
async function multipart(storage: Storage, key: string, body: Buffer<ArrayBuffer>): Promise<number> {
  const began = performance.now();
  const created = await storage.client.send(new CreateMultipartUploadCommand({ Bucket: storage.bucket, Key: key, ContentType: 'video/mp4' }));
  const uploadId = created.UploadId!;
  const partSize = PART_MB * MB;
  const count = Math.ceil(body.length / partSize);
  const etags: string[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      const url = await getSignedUrl(storage.client, new UploadPartCommand({ Bucket: storage.bucket, Key: key, UploadId: uploadId, PartNumber: index + 1 }), { expiresIn: 300 });
      etags[index] = await put(url, body.subarray(index * partSize, Math.min(body.length, (index + 1) * partSize)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, lane));
  await storage.client.send(
    new CompleteMultipartUploadCommand({
      Bucket: storage.bucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
    }),
  );
  return (performance.now() - began) / 1000;
}

function localStore(root: string): StoreDerived {
  return async (key, path, contentType, size) => {
    const target = join(root, key);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(path, target);
    return { key, contentType, bytes: (await stat(target)).size, ...(size ?? {}) };
  };
}

export async function benchMedia(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-media-'));
  try {
    // 1. Uploads.
    const uploads = await withBenchStack('media', { dynamoPort: await getFreePort(), s3Port: await getFreePort(), appPort: await getFreePort() }, async ({ stack }) => {
      const storage = createLocalStorage(stack.env);
      const body = randomBytes(UPLOAD_MB * MB);
      const putSeconds: number[] = [];
      const partSeconds: number[] = [];
      await plainPut(storage, 'bench/warm-up', body.subarray(0, MB));
      for (let run = 0; run < RUNS; run++) {
        putSeconds.push(await plainPut(storage, `bench/put-${run}`, body));
        partSeconds.push(await multipart(storage, `bench/multipart-${run}`, body));
      }
      storage.client.destroy();
      return { put: UPLOAD_MB / median(putSeconds), parts: UPLOAD_MB / median(partSeconds) };
    });

    // 2. Images: a 12-megapixel photo with EXIF GPS, like a phone's.
    const photo = await makeJpegWithGps(dir, 4000, 3000, 6);
    const imageSeconds: number[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const workDir = join(dir, `image-${i}`);
      await mkdir(workDir);
      const began = performance.now();
      await processImage({ originalPath: photo, contentType: 'image/jpeg', workDir, store: localStore(join(workDir, 'out')), progress: () => undefined });
      imageSeconds.push((performance.now() - began) / 1000);
      await rm(workDir, { recursive: true, force: true });
    }
    const imagesPerSecond = IMAGES / imageSeconds.reduce((a, b) => a + b, 0);

    // 3. Video: the 1-minute 720p clip.
    const clip = await makeVideo(dir, { seconds: VIDEO_SECONDS, width: 1280, height: 720 }, 'clip.mp4');
    const videoDir = join(dir, 'video');
    await mkdir(videoDir);
    const began = performance.now();
    const out = await processVideo({ originalPath: clip, contentType: 'video/mp4', workDir: videoDir, store: localStore(join(videoDir, 'out')), progress: () => undefined });
    const transcodeSeconds = (performance.now() - began) / 1000;

    console.log(`\nbench/media: ${UPLOAD_MB} MB file, ${PART_MB} MB parts × ${PARALLEL} in parallel, median of ${RUNS}; ${IMAGES} 12-MP photos; a ${VIDEO_SECONDS} s 720p clip\n`);
    console.log(
      table([
        { measure: 'plain PUT (presigned)', figure: `${uploads.put.toFixed(1)} MB/s` },
        { measure: 'multipart, presigned parts', figure: `${uploads.parts.toFixed(1)} MB/s` },
        { measure: 'multipart ÷ plain PUT', figure: `${(uploads.parts / uploads.put).toFixed(2)}×` },
        { measure: 'images processed', figure: `${imagesPerSecond.toFixed(2)} /s (${(1000 / imagesPerSecond).toFixed(0)} ms each)` },
        { measure: 'video transcode', figure: `${(VIDEO_SECONDS / transcodeSeconds).toFixed(2)}× real time (${transcodeSeconds.toFixed(1)} s for ${VIDEO_SECONDS} s; renditions ${out.derived.renditions?.join('p, ')}p)` },
      ]),
    );
    // No targets: these are the pipeline's baseline figures.
    reportHeadline({ target: 'none (baseline)', figure: `multipart ${uploads.parts.toFixed(1)} MB/s, ${imagesPerSecond.toFixed(2)} images/s, video ${(VIDEO_SECONDS / transcodeSeconds).toFixed(2)}× real time`, met: true });
    return true;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
