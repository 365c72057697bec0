/** Helpers for tests that talk to the local stack started by tests/setup/global-setup.ts. */
import { inject } from 'vitest';
import { createDatabase, type Database } from '#server/platform/dynamo/dynamo.server';
import { createStorage, type Storage } from '#server/platform/storage.server';
import type { LocalStackEnv } from '#local/stack/stack';

export function localStackEnv(): LocalStackEnv {
  const env = inject('localStack');
  if (!env) throw new Error('The local stack is off (VITEST_LOCAL_STACK=off); this test needs it.');
  return env;
}

/** A Database built the way the app builds it (createDatabase + credentials from process.env). */
export function testDatabase(): Database {
  const env = localStackEnv();
  return createDatabase({ AWS_REGION: env.AWS_REGION, DYNAMODB_ENDPOINT: env.DYNAMODB_ENDPOINT, DYNAMODB_TABLE: env.DYNAMODB_TABLE });
}

export function testStorage(): Storage {
  const env = localStackEnv();
  return createStorage({ AWS_REGION: env.AWS_REGION, S3_ENDPOINT: env.S3_ENDPOINT, S3_BUCKET: env.S3_BUCKET, S3_FORCE_PATH_STYLE: true });
}

/** The local identity files of the test stack (pools, demo accounts, outbox). */
export function identityFiles(): { pools: string; demoAccounts: string; outbox: string; endpoint: string } {
  const env = localStackEnv();
  if (!env.IDENTITY_POOLS_FILE || !env.IDENTITY_DEMO_ACCOUNTS_FILE || !env.IDENTITY_OUTBOX_FILE || !env.COGNITO_ENDPOINT) {
    throw new Error('The test stack runs without cognito-local; this test needs it.');
  }
  return { pools: env.IDENTITY_POOLS_FILE, demoAccounts: env.IDENTITY_DEMO_ACCOUNTS_FILE, outbox: env.IDENTITY_OUTBOX_FILE, endpoint: env.COGNITO_ENDPOINT };
}
