/**
 * The media library's browser-test fixtures: the test stack's table and bucket, bound to a tenant
 * the way the app binds them, for seeding items (tests/support/media.ts) and checking what a
 * screen changed.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createDatabase, type Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { LOCAL_CREDENTIALS } from '#local/stack/stack';
import type { Storage } from '#server/platform/storage.server';
import { testTenantId } from '#tests/support/tenants';
import { E2E_PORT } from './stack';

const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);
let stores: { db: Database; storage: Storage } | undefined;

/** DynamoDB Local on E2E_PORT + 5000 and s3rver on E2E_PORT + 1300, as playwright.config.ts starts them. */
export function e2eStores() {
  if (!stores) {
    const credentials = { ...LOCAL_CREDENTIALS };
    stores = {
      db: createDatabase(
        { AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: `http://127.0.0.1:${PORT + 5000}`, DYNAMODB_TABLE: 'platform' },
        { credentials, maxAttempts: 2 },
      ),
      storage: {
        client: new S3Client({ region: 'us-east-1', endpoint: `http://localhost:${PORT + 1300}`, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }),
        bucket: 'platform-media',
      },
    };
  }
  return stores;
}

/** A tenant's data (table and bucket) in the test stack. */
export function e2eMediaData(tenant: string): TenantData {
  return tenantData(e2eStores(), testTenantId(tenant));
}
