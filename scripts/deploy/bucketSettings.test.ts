import { PutBucketLifecycleConfigurationCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { localStackEnv } from '#tests/support/local-stack';
import { createLocalStorage } from '#local/stack/stack';
import { applyBucketSettings, mediaBucketLifecycle, tenantOrigins } from './bucketSettings';

/** A client that records the HTTP requests it would send to S3 and answers each with 200. */
function recordingClient() {
  const sent: Array<{ method: string; query: Record<string, unknown>; body: string }> = [];
  const client = new S3Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    requestHandler: {
      handle: async (request: { method: string; query: Record<string, unknown>; body?: unknown }) => {
        sent.push({ method: request.method, query: request.query, body: String(request.body ?? '') });
        return { response: { statusCode: 200, headers: {}, body: new Uint8Array() } };
      },
    },
  } as unknown as S3ClientConfig);
  return { client, sent };
}

describe('the media bucket’s production settings', () => {
  it('have storage abort multipart uploads still incomplete a day after they began, for the whole bucket', () => {
    expect(mediaBucketLifecycle()).toEqual({
      Rules: [{ ID: 'abort-incomplete-multipart-uploads', Status: 'Enabled', Filter: { Prefix: '' }, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }],
    });
  });

  it('are sent to S3 as its CORS and lifecycle configuration', async () => {
    const { client, sent } = recordingClient();
    await applyBucketSettings({ client, bucket: 'media-prod' }, tenantOrigins([{ domains: ['events.acme.example'] }, { domains: [] }], 'events.example.com'));
    expect(sent.map((r) => Object.keys(r.query))).toEqual([['cors'], ['lifecycle']]);
    expect(sent[0]!.body).toContain('<AllowedOrigin>https://*.events.example.com</AllowedOrigin><AllowedOrigin>https://events.acme.example</AllowedOrigin>');
    expect(sent[0]!.body).toContain('<ExposeHeader>ETag</ExposeHeader>');
    expect(sent[1]!.body).toContain('<AbortIncompleteMultipartUpload><DaysAfterInitiation>1</DaysAfterInitiation></AbortIncompleteMultipartUpload>');
  });

  it('cannot be given to the local stand-in, which has no lifecycle support (its uploads are swept by the app alone)', async () => {
    // A plain client: the app's own would report the stand-in's 501 as an outage.
    const storage = createLocalStorage(localStackEnv());
    await expect(storage.client.send(new PutBucketLifecycleConfigurationCommand({ Bucket: storage.bucket, LifecycleConfiguration: mediaBucketLifecycle() }))).rejects.toMatchObject({
      name: 'NotImplemented',
    });
  });
});
