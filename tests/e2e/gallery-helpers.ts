/**
 * The gallery browser tests' access to the test stack's table and storage (DynamoDB Local on
 * E2E_PORT + 5000, s3rver on E2E_PORT + 1300, as playwright.config.ts starts them), so media
 * fixtures (tests/support/media.ts) are written the way the app writes them.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createDatabase } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { testTenantId } from '#tests/support/tenants';
import { E2E_PORT } from './stack';

const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let stores: Parameters<typeof tenantData>[0] | undefined;

export function e2eMediaData(tenant: string): TenantData {
  stores ??= {
    db: createDatabase(
      { AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: `http://127.0.0.1:${PORT + 5000}`, DYNAMODB_TABLE: 'platform' },
      { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 },
    ),
    storage: {
      client: new S3Client({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${PORT + 1300}`,
        forcePathStyle: true,
        credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      bucket: 'platform-media',
    },
  };
  return tenantData(stores, testTenantId(tenant));
}
