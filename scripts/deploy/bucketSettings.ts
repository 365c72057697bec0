/**
 * The media bucket's settings in production (docs/decisions/0025, 0060), in one place: CORS for
 * the browser's direct uploads (PUT, and the multipart calls POST and DELETE, with ETag exposed)
 * from every tenant's addresses, and the lifecycle rule that has storage abort multipart uploads
 * still incomplete a day after they began. The app's own sweeper aborts the uploads it knows of
 * after MEDIA_UPLOAD_ABANDON_MINUTES; the rule catches the rest (an upload id never recorded, a
 * sweep that could not run), since storage keeps, and bills, the parts of an upload until it is
 * aborted or completed. `npm run storage:settings` applies both to S3_BUCKET (scripts/storage-settings.ts).
 * The local stand-in takes the CORS rules (local/stack/stack.ts) but has no lifecycle support.
 */
import {
  PutBucketCorsCommand,
  PutBucketLifecycleConfigurationCommand,
  type BucketLifecycleConfiguration,
  type CORSConfiguration,
} from '@aws-sdk/client-s3';
import type { Tenant } from '#app/lib/config/tenant';
import type { Storage } from '#server/platform/storage.server';

/** Days after which storage aborts an incomplete multipart upload (S3 counts whole days). */
export const ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS = 1;

export function mediaBucketLifecycle(): BucketLifecycleConfiguration {
  return {
    Rules: [
      {
        ID: 'abort-incomplete-multipart-uploads',
        Status: 'Enabled',
        Filter: { Prefix: '' },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS },
      },
    ],
  };
}

export function mediaBucketCors(origins: readonly string[]): CORSConfiguration {
  return {
    CORSRules: [
      {
        AllowedOrigins: [...origins],
        // POST and DELETE: the uploader's own multipart calls (create, complete, abort) go straight to storage.
        AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3000,
      },
    ],
  };
}

/** The addresses pages are served from: each tenant's own domains and every subdomain of the platform's. */
export function tenantOrigins(tenants: Iterable<Pick<Tenant, 'domains'>>, rootDomain: string): string[] {
  const hosts = [...tenants].flatMap((t) => t.domains);
  return [...new Set([`https://*.${rootDomain}`, ...hosts.map((h) => `https://${h}`)])];
}

/** Puts both settings on the bucket. */
export async function applyBucketSettings(storage: Storage, origins: readonly string[]): Promise<void> {
  await storage.client.send(new PutBucketCorsCommand({ Bucket: storage.bucket, CORSConfiguration: mediaBucketCors(origins) }));
  await storage.client.send(new PutBucketLifecycleConfigurationCommand({ Bucket: storage.bucket, LifecycleConfiguration: mediaBucketLifecycle() }));
}
