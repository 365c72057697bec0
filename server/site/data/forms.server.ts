import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { isErrorNamed } from '#server/errors';
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantKey } from '#server/platform/dynamo/dynamo.server';

export type FormKind = 'requestInfo' | 'contactUs';

export interface FormSubmission {
  id: string;
  kind: FormKind;
  tenantId: TenantId;
  submittedAt: string;
  language: string;
  fields: Record<string, string>;
}

/**
 * The same fields sent again to the same form within this time are one submission: a person who
 * got "unavailable, try again" (or whose answer was lost) sends again, and is stored once.
 */
export const RESUBMIT_WINDOW_MS = 60 * 60_000;

/** What makes two posts the same submission: the form, the language and every field. */
function submissionKey(kind: FormKind, language: string, fields: Record<string, string>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k]]);
  return createHash('sha256').update(JSON.stringify([kind, language, sorted])).digest('base64url');
}

/**
 * Stores a form submission under its tenant (newest first when listed), once: a marker keyed by
 * its content is written in the same transaction, so a retry within RESUBMIT_WINDOW_MS returns the
 * stored submission instead of a second one, and a failed write leaves neither.
 */
export async function saveSubmission(
  db: Database,
  tenantId: TenantId,
  kind: FormKind,
  language: string,
  fields: Record<string, string>,
  now = Date.now(),
): Promise<FormSubmission> {
  const submission: FormSubmission = { id: randomUUID(), kind, tenantId, submittedAt: new Date(now).toISOString(), language, fields };
  const marker = { pk: tenantKey(tenantId, 'FORMSENT', kind), sk: submissionKey(kind, language, fields) };
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: { ...marker, submissionId: submission.id, submittedAt: submission.submittedAt, until: now + RESUBMIT_WINDOW_MS },
              ConditionExpression: 'attribute_not_exists(pk) OR #until < :now',
              ExpressionAttributeNames: { '#until': 'until' },
              ExpressionAttributeValues: { ':now': now },
            },
          },
          {
            Put: {
              TableName: db.table,
              Item: { pk: tenantKey(tenantId, 'FORM', kind), sk: `${submission.submittedAt}#${submission.id}`, ...submission },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return submission;
  } catch (e) {
    if (!isErrorNamed(e, 'TransactionCanceledException')) throw e;
    const reasons = (e as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    if (reasons[0]?.Code !== 'ConditionalCheckFailed') throw e;
    // Sent before: the stored submission answers.
    const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: marker, ConsistentRead: true }));
    return { ...submission, id: String(out.Item?.submissionId ?? submission.id), submittedAt: String(out.Item?.submittedAt ?? submission.submittedAt) };
  }
}

export async function listSubmissions(db: Database, tenantId: TenantId, kind: FormKind, limit = 50): Promise<FormSubmission[]> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': tenantKey(tenantId, 'FORM', kind) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).filter((i) => i.tenantId === tenantId).map(({ pk: _pk, sk: _sk, ...rest }) => rest as FormSubmission);
}
