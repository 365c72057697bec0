import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env.server';

export interface Storage {
  client: S3Client;
  bucket: string;
}

export function createStorage(env: Pick<Env, 'AWS_REGION' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_FORCE_PATH_STYLE'>): Storage {
  const client = new S3Client({
    region: env.AWS_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    // Presigned URLs must not carry checksum parameters the browser cannot compute.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return { client, bucket: env.S3_BUCKET };
}

export async function pingStorage(storage: Storage): Promise<void> {
  await storage.client.send(new HeadBucketCommand({ Bucket: storage.bucket }));
}
