/**
 * Which published version of the tenant registry is current (docs/decisions/0075): one platform
 * item, moved forward only from the version its writer read, so two publishes never both win.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, type Database } from '#server/platform/dynamo/dynamo.server';

/** A platform key, not a tenant's: the registry names every tenant. */
const KEY = { pk: 'PLATFORM#registry', sk: 'current' } as const;

export interface RegistryPointer {
  version: number;
  publishedAt: string;
}

export async function readRegistryPointer(db: Database): Promise<RegistryPointer | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: KEY, ConsistentRead: true }));
  const item = out.Item as Partial<RegistryPointer> | undefined;
  return item && typeof item.version === 'number' && typeof item.publishedAt === 'string' ? { version: item.version, publishedAt: item.publishedAt } : null;
}

/** Makes `next` current if `previous` still is (null: no version yet). False when another publish got there first. */
export async function advanceRegistryPointer(db: Database, next: RegistryPointer, previous: number | null): Promise<boolean> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: { ...KEY, ...next },
        ...(previous === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'version = :previous', ExpressionAttributeValues: { ':previous': previous } }),
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
