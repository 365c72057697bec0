import { BatchWriteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { isConditionFailure, queryAll, queryPage, tenantKey, type Item, type Page, type QueryInput } from './dynamo.server';

const db = testDatabase();

/** `count` items in one partition (sk I#00…), every one also in the general index. */
async function plant(count: number) {
  const pk = tenantKey(uniqueTenantId('paging'), 'PAGING');
  const items = Array.from({ length: count }, (_, i) => {
    const n = String(i).padStart(2, '0');
    return { pk, sk: `I#${n}`, n: i, gsi1pk: `${pk}#IDX`, gsi1sk: `K#${n}` };
  });
  for (let i = 0; i < items.length; i += 25) {
    await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  const table: QueryInput = { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true };
  const index: QueryInput = { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `${pk}#IDX` } };
  return { table, index };
}

const numbers = (items: Item[]) => items.map((item) => item.n);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('queryAll (DynamoDB Local)', () => {
  it('reads every page of a query, in key order', async () => {
    const { table } = await plant(23);
    // Limit 5 makes DynamoDB answer in five pages.
    expect(numbers(await queryAll(db, { ...table, Limit: 5 }))).toEqual(range(0, 23));
  });

  it('stops at `max` items, across pages', async () => {
    const { table } = await plant(23);
    expect(numbers(await queryAll(db, { ...table, Limit: 5 }, 12))).toEqual(range(0, 12));
    expect(numbers(await queryAll(db, { ...table, ScanIndexForward: false }, 3))).toEqual([22, 21, 20]);
  });
});

describe('queryPage (DynamoDB Local)', () => {
  it('returns `limit` items over several store pages and continues from `next` without loss or repeat', async () => {
    const { table } = await plant(23);
    const seen: unknown[] = [];
    let startKey: Item | null = null;
    const sizes: number[] = [];
    do {
      const page: Page<Item> = await queryPage(db, table, { limit: 10, startKey, pageSize: 4 });
      sizes.push(page.items.length);
      seen.push(...numbers(page.items));
      startKey = page.next;
    } while (startKey);
    expect(sizes).toEqual([10, 10, 3]);
    expect(seen).toEqual(range(0, 23));
  });

  it('has no next page when the last item returned is the last one', async () => {
    const { table } = await plant(6);
    const page = await queryPage(db, table, { limit: 6 });
    expect(numbers(page.items)).toEqual(range(0, 6));
    expect(page.next).toBeNull();
    expect((await queryPage(db, table, { limit: 10 })).next).toBeNull();
  });

  it('keeps reading when `read` drops items, and maps the ones it keeps', async () => {
    const { table } = await plant(23);
    const even = (item: Item) => (Number(item.n) % 2 === 0 ? `even ${item.n}` : null);
    const first = await queryPage(db, table, { limit: 4, read: even, pageSize: 3 });
    expect(first.items).toEqual(['even 0', 'even 2', 'even 4', 'even 6']);
    const second = await queryPage(db, table, { limit: 100, read: even, pageSize: 3, startKey: first.next });
    expect(second.items).toEqual(range(8, 23).filter((n) => n % 2 === 0).map((n) => `even ${n}`));
    expect(second.next).toBeNull();
  });

  it('continues an index query: `next` carries the index key as well as the table key', async () => {
    const { index } = await plant(9);
    const first = await queryPage(db, index, { limit: 4, pageSize: 2 });
    expect(first.next).toEqual({ pk: expect.any(String), sk: 'I#03', gsi1pk: expect.any(String), gsi1sk: 'K#03' });
    const rest = await queryPage(db, index, { limit: 10, startKey: first.next });
    expect([...numbers(first.items), ...numbers(rest.items)]).toEqual(range(0, 9));
  });
});

describe('isConditionFailure (DynamoDB Local)', () => {
  const refusal = (write: Promise<unknown>) => write.then(() => null, (e: unknown) => e);

  it('recognises a refused single write and a refused transaction by name, and nothing else', async () => {
    const pk = tenantKey(uniqueTenantId('refused'), 'REFUSED');
    const put = () => new PutCommand({ TableName: db.table, Item: { pk, sk: 'one' }, ConditionExpression: 'attribute_not_exists(pk)' });
    await db.doc.send(put());
    const single = await refusal(db.doc.send(put()));
    const transaction = await refusal(db.doc.send(new TransactWriteCommand({ TransactItems: [{ Put: put().input as never }] })));
    expect(isConditionFailure(single)).toBe(true);
    expect(isConditionFailure(transaction)).toBe(true);
    expect(isConditionFailure(transaction, { conflicts: false })).toBe(true);
    expect(isConditionFailure(new Error('The conditional request failed'))).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
  });

  it('with conflicts: false, does not take a transaction cancelled by a clash for a failed condition', () => {
    const clash = Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: [{ Code: 'TransactionConflict' }] });
    expect(isConditionFailure(clash)).toBe(true);
    expect(isConditionFailure(clash, { conflicts: false })).toBe(false);
  });
});
