/**
 * Event fixtures for browser tests: events written straight into the test stack's DynamoDB
 * through the same repository the app uses, so a test can set up "starts in 4 minutes" or
 * "a host is blocked" without clicking through the scheduler each time.
 */
import { E2E_PORT } from './stack';
import { newEventInput, type EventInput, type Organizer } from '#server/events/data/events.server';
import { createDatabase, type Database } from '#server/platform/dynamo/dynamo.server';
import { tenantData, type TenantData } from '#server/data/tenantData.server';
import { testTenantId } from '#tests/support/tenants';
import type { EventKind, EventRecord } from '#app/lib/events/model';
import type { TestUser } from './session-helpers';
import { testMark } from './marks';

const PORT = Number(process.env.E2E_PORT ?? E2E_PORT);
let database: Database | undefined;

/** The test stack's table (DynamoDB Local on E2E_PORT + 5000, as playwright.config.ts starts it). */
export function e2eDatabase(): Database {
  if (!database) {
    database = createDatabase(
      { AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: `http://127.0.0.1:${PORT + 5000}`, DYNAMODB_TABLE: 'platform' },
      { credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 },
    );
  }
  return database;
}

/** A tenant's data in the test stack's table, bound the way the app binds it per request. */
export function e2eData(tenant: string): TenantData {
  return tenantData({ db: e2eDatabase() }, testTenantId(tenant));
}

export const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export function eventInput(over: Partial<EventInput> = {}): EventInput {
  return newEventInput({
    title: `Test event ${testMark()}`,
    description: 'An event made by a browser test.',
    eventDateTime: minutesFromNow(120),
    eventTimeZone: 'America/New_York',
    eventLanguage: 'en',
    ...over,
  });
}

/** Writes an event organized by `organizer` (a TestUser or explicit organizer fields). */
export async function seedEvent(
  tenant: string,
  organizer: TestUser | Organizer,
  over: Partial<EventInput> = {},
  options: { kind?: EventKind; inviteCode?: boolean } = {},
): Promise<EventRecord> {
  const org: Organizer =
    'username' in organizer ? { sub: organizer.sub, name: 'Test organizer', email: organizer.username, language: 'en' } : organizer;
  return e2eData(tenant).events.create(eventInput(over), org, options);
}
