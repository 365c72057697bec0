/**
 * Helpers of the room's engagement browser tests (polls, reactions, breakouts, and the walk through
 * all of them, engagement-walk.spec.ts): a poll's card and results in the room, the reaction bar and
 * its floaters, a page's LiveKit room and chat being live, and a recording of an event whose
 * timeline starts when the test says (what /eventVod lays the polls on).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '@playwright/test';
import { seedMediaItem } from '#tests/support/media';
import { testTenantId } from '#tests/support/tenants';
import { tenantKey } from '#server/platform/dynamo/dynamo.server';
import type { MediaItem } from '#app/lib/media/model';
import { expect } from './fixtures';
import { e2eMediaData, e2eStores } from './library-helpers';
import type { TestUser } from './session-helpers';

/** The room's card of the poll asking `question`, and the line of its n-th option's result. */
export const pollCard = (page: Page, question: string) => page.getByTestId('polls-room').getByTestId('poll-card').filter({ hasText: question });
export const pollResult = (page: Page, question: string, i: number) => pollCard(page, question).getByTestId(`poll-result-${i}`);

/** The room's reaction bar, and the reactions floating over the stage (of one emoji, or all). */
export const reactionBar = (page: Page) => page.getByRole('group', { name: 'Reactions' });
export const floaters = (page: Page, emoji?: string) => page.locator(emoji ? `[data-testid="reaction-floater"][data-emoji="${emoji}"]` : '[data-testid="reaction-floater"]');

/** The page is connected to this LiveKit room (the main room's channel, or a breakout's `<channel>-b<n>`). */
export const connectedTo = async (page: Page, room: string) => {
  await expect(page.getByTestId('room-connection')).toHaveAttribute('data-room', room, { timeout: 30_000 });
  await expect(page.getByTestId('room-connection')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
};
/** The page's chat socket is live. */
export const chatLive = (page: Page) => expect(page.getByTestId('chat-pane').first()).toHaveAttribute('data-status', 'live', { timeout: 20_000 });

/** A recording of the event, made by its organizer (visible to the tenant's members), as the recorder leaves it. */
export function seedRecording(tenant: string, organizer: TestUser, eventId: string): Promise<MediaItem> {
  return seedMediaItem(e2eMediaData(tenant), { kind: 'video', owner: { sub: organizer.sub, name: 'Org' }, title: `Recording ${eventId}`, visibility: 'tenant', madeFrom: { origin: 'recording', eventId } });
}

/** Sets when the recording's timeline began (a poll launched at `launchedAt` then sits `launchedAt - startedAt` into it). */
export async function recordingStartedAt(tenant: string, recordingId: string, startedAt: string) {
  await e2eStores().db.doc.send(
    new UpdateCommand({
      TableName: e2eStores().db.table,
      Key: { pk: tenantKey(testTenantId(tenant), 'MEDIA'), sk: `ITEM#${recordingId}` },
      UpdateExpression: 'SET startedAt = :s',
      ExpressionAttributeValues: { ':s': startedAt },
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}
