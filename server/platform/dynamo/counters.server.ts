/**
 * One update that adds to an item's counters and sets its plain attributes (the tenant, what the
 * item is about): the write behind every sharded counter (analytics, viewer experience, rollups).
 * Names that are not plain attribute names, and deltas that are zero or not finite, are dropped.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from './dynamo.server';

const NAME = /^[a-zA-Z0-9_-]{1,90}$/;

export async function addToCounters(db: Database, key: { pk: string; sk: string }, set: Readonly<Record<string, unknown>>, deltas: Readonly<Record<string, number | undefined>>, name: RegExp = NAME): Promise<void> {
  const entries = Object.entries(deltas).filter(([n, d]) => name.test(n) && typeof d === 'number' && Number.isFinite(d) && d !== 0);
  if (!entries.length) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([n, v], i) => {
    names[`#s${i}`] = n;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const adds = entries.map(([n, d], i) => {
    names[`#a${i}`] = n;
    values[`:a${i}`] = d;
    return `#a${i} :a${i}`;
  });
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: key,
      UpdateExpression: `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}
