import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { tenantKey } from '#server/platform/dynamo/dynamo.server';

/**
 * Localised text resources (docs/PRODUCT.md, Data: localised text resource): ResourceCode +
 * ResourceDesc keyed by language code plus resource code. The API's ResourcePK is the language
 * code and ResourceSK the resource code; storage prefixes both with the tenant.
 */
export const resourceKeySchema = z
  .object({
    ResourcePK: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'ResourcePK must be a language code such as "en"'),
    ResourceSK: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'ResourceSK must be a resource code (letters, digits, _ . -)'),
  })
  .strict();

export const PROJECTABLE = ['ResourceCode', 'ResourceDesc'] as const;

export const batchGetBodySchema = z
  .object({
    keys: z.array(resourceKeySchema).min(1, 'keys must list at least one key').max(100, 'keys may list at most 100 keys'),
    projectionExpression: z
      .string()
      .min(1)
      .refine(
        (p) => p.split(',').every((name) => (PROJECTABLE as readonly string[]).includes(name.trim())),
        'projectionExpression may name only ResourceCode and ResourceDesc',
      ),
  })
  .strict();
export type BatchGetBody = z.infer<typeof batchGetBodySchema>;

export interface ResourceItem {
  ResourceCode?: string;
  ResourceDesc?: string;
}

const pk = (tenantId: TenantId, language: string) => tenantKey(tenantId, 'RES', language);

export async function batchGetResources(db: Database, tenantId: TenantId, body: BatchGetBody): Promise<ResourceItem[]> {
  const fields = body.projectionExpression.split(',').map((f) => f.trim()) as Array<keyof ResourceItem>;
  const unique = [...new Map(body.keys.map((k) => [`${k.ResourcePK}|${k.ResourceSK}`, k])).values()];
  const items: ResourceItem[] = [];
  // DynamoDB takes at most 100 keys a call; retry whatever it leaves unprocessed.
  let pending: Array<Record<string, string>> = unique.map((k) => ({ pk: pk(tenantId, k.ResourcePK), sk: k.ResourceSK }));
  for (let attempt = 0; pending.length && attempt < 5; attempt++) {
    const out = await db.doc.send(
      new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending, ProjectionExpression: 'pk, ResourceCode, ResourceDesc' } } }),
    );
    for (const item of out.Responses?.[db.table] ?? []) {
      if (!String(item.pk).startsWith(tenantKey(tenantId, 'RES'))) continue;
      items.push(Object.fromEntries(fields.map((f) => [f, item[f]])) as ResourceItem);
    }
    pending = (out.UnprocessedKeys?.[db.table]?.Keys as Array<Record<string, string>> | undefined) ?? [];
  }
  return items;
}

export async function putResources(
  db: Database,
  tenantId: TenantId,
  language: string,
  resources: Record<string, string>,
): Promise<void> {
  const entries = Object.entries(resources);
  for (let i = 0; i < entries.length; i += 25) {
    const chunk = entries.slice(i, i + 25);
    await db.doc.send(
      new BatchWriteCommand({
        RequestItems: {
          [db.table]: chunk.map(([code, desc]) => ({
            PutRequest: { Item: { pk: pk(tenantId, language), sk: code, tenantId, ResourceCode: code, ResourceDesc: desc } },
          })),
        },
      }),
    );
  }
}
