import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from './dynamo.server';
import { tenantKey } from './dynamo.server';

export type FormKind = 'requestInfo' | 'contactUs';

export interface FormSubmission {
  id: string;
  kind: FormKind;
  tenantId: TenantId;
  submittedAt: string;
  language: string;
  fields: Record<string, string>;
}

/** Stores a form submission under its tenant; newest first when listed. */
export async function saveSubmission(
  db: Database,
  tenantId: TenantId,
  kind: FormKind,
  language: string,
  fields: Record<string, string>,
): Promise<FormSubmission> {
  const submission: FormSubmission = { id: randomUUID(), kind, tenantId, submittedAt: new Date().toISOString(), language, fields };
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { pk: tenantKey(tenantId, 'FORM', kind), sk: `${submission.submittedAt}#${submission.id}`, ...submission },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return submission;
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
