/**
 * The DynamoDB module: the client, the single table, tenant keys and the paging helpers every data
 * module shares. Only data modules (server/data/) use the document client (docs/decisions/0018).
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, ResourceInUseException, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Env } from '#server/env.server';
import { markOutages, SDK_MAX_ATTEMPTS, SDK_REQUEST_HANDLER } from '../unavailable.server';

export interface Database {
  doc: DynamoDBDocumentClient;
  raw: DynamoDBClient;
  table: string;
}

export function createDatabase(
  env: Pick<Env, 'AWS_REGION' | 'DYNAMODB_ENDPOINT' | 'DYNAMODB_TABLE'>,
  options: Pick<DynamoDBClientConfig, 'credentials' | 'maxAttempts' | 'requestHandler'> = {},
): Database {
  const raw = new DynamoDBClient({
    region: env.AWS_REGION,
    ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
    // Fail within seconds when DynamoDB does not answer (docs/decisions/0053).
    requestHandler: SDK_REQUEST_HANDLER,
    maxAttempts: SDK_MAX_ATTEMPTS,
    ...options,
  });
  markOutages(raw, 'database');
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { doc, raw, table: env.DYNAMODB_TABLE };
}

/**
 * Every key of the single table starts with the tenant: pk = "T#<tenantId>#<kind>#…".
 * Building keys only through this helper keeps every read and write tenant-scoped.
 */
export function tenantKey(tenantId: TenantId, ...parts: string[]): string {
  if (!/^[a-z0-9-]+$/.test(tenantId)) throw new Error(`invalid tenant id ${tenantId}`);
  return ['T', tenantId, ...parts].join('#');
}

// ---------------------------------------------------------------------------------------------
// Paging
// ---------------------------------------------------------------------------------------------

export type Item = Record<string, unknown>;
/** A query without its table (the helpers name it) and without a start key (they page). */
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** The key attributes of each index besides the table's own pk and sk. */
const INDEX_KEYS: Record<string, readonly string[]> = { gsi1: ['gsi1pk', 'gsi1sk'] };

/** The start key that continues a query right after `item` (table key plus the index's key). */
function keyOf(item: Item, indexName: string | undefined): Item {
  const names = ['pk', 'sk', ...(indexName ? (INDEX_KEYS[indexName] ?? []) : [])];
  return Object.fromEntries(names.map((name) => [name, item[name]]));
}

/** Every item the query matches, page after page; with `max`, at most that many (it stops reading once it has them). */
export async function queryAll(db: Database, input: QueryInput, max = Infinity): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out = await db.doc.send(new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey: start }));
    items.push(...((out.Items as Item[] | undefined) ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items.slice(0, max);
}

export interface Page<T> {
  items: T[];
  /** The start key of the next page (the key of the last item returned); null on the last page. */
  next: Item | null;
}

export interface PageOptions<T> {
  /** Items to return at most. */
  limit: number;
  /** Continue after this key (a previous page's `next`). */
  startKey?: Item | null;
  /**
   * Turns a stored item into what the page holds; null drops it (another tenant's, malformed,
   * filtered). It may answer later (a rule that reads, such as who may see a media item): the items
   * of one DynamoDB page are read together.
   */
  read?: (item: Item) => T | null | Promise<T | null>;
  /** Items DynamoDB reads per request (its Limit); a filter or `read` may drop some, so the page reads on. */
  pageSize?: number;
}

/**
 * One page of up to `limit` items `read` keeps, starting after `startKey` and reading as many
 * store pages as that takes. `next` is null only when nothing can follow.
 */
export async function queryPage<T = Item>(db: Database, input: QueryInput, options: PageOptions<T>): Promise<Page<T>> {
  const read = options.read ?? ((item: Item) => item as T);
  const items: T[] = [];
  let start = options.startKey ?? undefined;
  do {
    const out = await db.doc.send(
      new QueryCommand({ ...input, TableName: db.table, ExclusiveStartKey: start, ...(options.pageSize ? { Limit: options.pageSize } : {}) }),
    );
    const raws = (out.Items as Item[] | undefined) ?? [];
    const values = await Promise.all(raws.map((raw) => read(raw)));
    for (const [i, raw] of raws.entries()) {
      const value = values[i]!;
      if (value === null) continue;
      items.push(value);
      if (items.length === options.limit) {
        const more = out.LastEvaluatedKey !== undefined || raw !== raws[raws.length - 1];
        return { items, next: more ? keyOf(raw, input.IndexName) : null };
      }
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { items, next: null };
}

// ---------------------------------------------------------------------------------------------
// Refused writes
// ---------------------------------------------------------------------------------------------

/**
 * Whether DynamoDB refused a write because its condition did not hold: a single write's
 * ConditionalCheckFailedException, or a cancelled transaction. A transaction is also cancelled
 * when it clashes with another one; with `conflicts: false` only a cancellation in which an item
 * failed its condition counts, so a clash is not mistaken for "already there".
 * Recognised by name (docs/ARCHITECTURE.md: errors by name, not instanceof).
 */
export function isConditionFailure(e: unknown, { conflicts = true }: { conflicts?: boolean } = {}): boolean {
  const name = (e as { name?: unknown } | null | undefined)?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name !== 'TransactionCanceledException') return false;
  if (conflicts) return true;
  const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** Creates the single table (pk/sk plus one general index) if it does not exist. */
export async function ensureTable(db: Database): Promise<void> {
  try {
    await db.raw.send(new DescribeTableCommand({ TableName: db.table }));
    return;
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  try {
    await db.raw.send(
      new CreateTableCommand({
        TableName: db.table,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
  } catch (e) {
    if (!(e instanceof ResourceInUseException)) throw e;
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.raw.send(new DescribeTableCommand({ TableName: db.table }));
}

/** Resolves once the DynamoDB endpoint answers at all (the table may not exist yet): the local stack waits on it. */
export async function pingEndpoint(db: Database): Promise<void> {
  await db.raw.send(new ListTablesCommand({ Limit: 1 }));
}
