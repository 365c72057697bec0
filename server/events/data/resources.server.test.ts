import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { batchGetBodySchema, batchGetResources, putResources } from './resources.server';

const db = testDatabase();

describe('batchGetResources (against DynamoDB Local)', () => {
  it("returns only the request tenant's items, never another tenant's", async () => {
    const a = uniqueTenantId('a');
    const b = uniqueTenantId('b');
    await putResources(db, a, 'en', { HELLO: 'Hello from A', ONLY_A: 'a-only' });
    await putResources(db, b, 'en', { HELLO: 'Hello from B', ONLY_B: 'b-only' });

    const keys = ['HELLO', 'ONLY_A', 'ONLY_B'].map((code) => ({ ResourcePK: 'en', ResourceSK: code }));
    const asA = await batchGetResources(db, a, { keys, projectionExpression: 'ResourceCode, ResourceDesc' });
    expect(asA.sort((x, y) => x.ResourceCode!.localeCompare(y.ResourceCode!))).toEqual([
      { ResourceCode: 'HELLO', ResourceDesc: 'Hello from A' },
      { ResourceCode: 'ONLY_A', ResourceDesc: 'a-only' },
    ]);
    expect(JSON.stringify(asA)).not.toContain('B');

    const asB = await batchGetResources(db, b, { keys, projectionExpression: 'ResourceCode,ResourceDesc' });
    expect(asB.map((i) => i.ResourceDesc).sort()).toEqual(['Hello from B', 'b-only']);
  });

  it('keys languages apart', async () => {
    const t = uniqueTenantId();
    await putResources(db, t, 'en', { CLOSE: 'Close' });
    await putResources(db, t, 'es', { CLOSE: 'Cerrar' });
    const out = await batchGetResources(db, t, { keys: [{ ResourcePK: 'es', ResourceSK: 'CLOSE' }], projectionExpression: 'ResourceDesc' });
    expect(out).toEqual([{ ResourceDesc: 'Cerrar' }]);
  });

  it('returns exactly the projected fields', async () => {
    const t = uniqueTenantId();
    await putResources(db, t, 'fr', { CLOSE: 'Fermer' });
    const key = [{ ResourcePK: 'fr', ResourceSK: 'CLOSE' }];
    expect(await batchGetResources(db, t, { keys: key, projectionExpression: 'ResourceDesc' })).toEqual([{ ResourceDesc: 'Fermer' }]);
    expect(await batchGetResources(db, t, { keys: key, projectionExpression: 'ResourceCode' })).toEqual([{ ResourceCode: 'CLOSE' }]);
    const both = await batchGetResources(db, t, { keys: key, projectionExpression: 'ResourceCode, ResourceDesc' });
    expect(both).toEqual([{ ResourceCode: 'CLOSE', ResourceDesc: 'Fermer' }]);
    expect(Object.keys(both[0]).sort()).toEqual(['ResourceCode', 'ResourceDesc']);
  });

  it('answers duplicate keys once and missing keys not at all', async () => {
    const t = uniqueTenantId();
    await putResources(db, t, 'en', { A: 'a' });
    const key = { ResourcePK: 'en', ResourceSK: 'A' };
    const out = await batchGetResources(db, t, {
      keys: [key, key, { ResourcePK: 'en', ResourceSK: 'MISSING' }],
      projectionExpression: 'ResourceCode',
    });
    expect(out).toEqual([{ ResourceCode: 'A' }]);
  });

  it('writes more than one batch (25 items per BatchWrite)', async () => {
    const t = uniqueTenantId();
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`CODE_${i}`, `text ${i}`]));
    await putResources(db, t, 'en', many);
    const out = await batchGetResources(db, t, {
      keys: Object.keys(many).map((code) => ({ ResourcePK: 'en', ResourceSK: code })),
      projectionExpression: 'ResourceCode',
    });
    expect(out).toHaveLength(60);
  });

  it('accepts only ResourceCode and ResourceDesc in the projection', () => {
    const keys = [{ ResourcePK: 'en', ResourceSK: 'A' }];
    expect(batchGetBodySchema.safeParse({ keys, projectionExpression: 'ResourceCode, ResourceDesc' }).success).toBe(true);
    expect(batchGetBodySchema.safeParse({ keys, projectionExpression: 'pk, ResourceDesc' }).success).toBe(false);
    expect(batchGetBodySchema.safeParse({ keys, projectionExpression: 'tenantId' }).success).toBe(false);
  });
});
