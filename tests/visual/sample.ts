/**
 * What the visual suite seeds on its own stack (tests/visual/seed.setup.ts) and what the screens
 * read back: per tenant, the demo people and one id of each kind of object, so a route that takes
 * parameters gets real ones from the table's own declarations (app/route-table.js `ids`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IdKind } from '#app/route-table.js';
import { E2E_STACK_DIR } from '../e2e/stack';
import type { TestUser } from '../e2e/session-helpers';

export const VISUAL_TENANTS = ['aurora', 'solana', 'lumiere'] as const;
export type VisualTenant = (typeof VISUAL_TENANTS)[number];

export interface TenantSample {
  organizer: TestUser;
  member: TestUser;
  /** Started a few minutes before the run: the participant's room, "Live now" on the lists. */
  liveEventId: string;
  /** Also live: the organizer's room (apart, so neither room shows the other person). */
  stageEventId: string;
  upcomingEventId: string;
  paidEventId: string;
  /** One id of each kind the sample data has (the live event for `event`). */
  ids: Partial<Record<IdKind, string>>;
  /** The kind of the `media` id, so a route that serves other kinds is not given it. */
  mediaKind?: string;
  /** A slug of each article collection, by its detail route (/blogDetails → a blog slug). */
  articles: Record<string, string>;
}

export type VisualSample = Record<VisualTenant, TenantSample>;

const FILE = join(E2E_STACK_DIR, 'visual-sample.json');

export function saveSample(sample: VisualSample) {
  writeFileSync(FILE, JSON.stringify(sample, null, 2));
}

export function readSample(): VisualSample {
  return JSON.parse(readFileSync(FILE, 'utf8')) as VisualSample;
}
