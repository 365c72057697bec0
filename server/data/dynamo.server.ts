import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceInUseException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Env } from '../env.server';

export interface Database {
  doc: DynamoDBDocumentClient;
  raw: DynamoDBClient;
  table: string;
}

export function createDatabase(env: Pick<Env, 'AWS_REGION' | 'DYNAMODB_ENDPOINT' | 'DYNAMODB_TABLE'>): Database {
  const raw = new DynamoDBClient({
    region: env.AWS_REGION,
    ...(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}),
    maxAttempts: 3,
  });
  const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { doc, raw, table: env.DYNAMODB_TABLE };
}

/**
 * Every key of the single table starts with the tenant: pk = "T#<tenantId>#<kind>#…".
 * Building keys only through this helper keeps every read and write tenant-scoped.
 */
export function tenantKey(tenantId: string, ...parts: string[]): string {
  if (!/^[a-z0-9-]+$/.test(tenantId)) throw new Error(`invalid tenant id ${tenantId}`);
  return ['T', tenantId, ...parts].join('#');
}

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
