import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { batchedGet, batchedPut } from './batched.server';
import { tenantKey } from './dynamo.server';

const db = testDatabase();

describe('batchedGet (against DynamoDB Local)', () => {
  it('answers reads made together with one BatchGetItem, each with its own item or undefined', async () => {
    const t = uniqueTenantId('bg');
    const key = (i: number) => ({ pk: tenantKey(t, 'USER', `u${i}`), sk: 'PROFILE' });
    for (const i of [0, 1, 2]) await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...key(i), n: i } }));
    const send = vi.spyOn(db.doc, 'send');
    try {
      const answers = await Promise.all([0, 1, 2, 3, 1].map((i) => batchedGet(db, key(i), true)));
      expect(answers.map((a) => (a as { n?: number } | undefined)?.n)).toEqual([0, 1, 2, undefined, 1]);
      expect(send).toHaveBeenCalledTimes(1);
      expect(send.mock.calls[0]![0].constructor.name).toBe('BatchGetCommand');
    } finally {
      send.mockRestore();
    }
  });

  it('keeps consistent and eventually consistent reads apart, and never mixes up tenants', async () => {
    const a = uniqueTenantId('bga');
    const b = uniqueTenantId('bgb');
    const key = (t: typeof a) => ({ pk: tenantKey(t, 'USER', 'same'), sk: 'PROFILE' });
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...key(a), owner: a } }));
    const send = vi.spyOn(db.doc, 'send');
    try {
      const [fromA, fromB, eventual] = await Promise.all([batchedGet(db, key(a), true), batchedGet(db, key(b), true), batchedGet(db, key(a), false)]);
      expect(fromA?.owner).toBe(a);
      expect(fromB).toBeUndefined();
      expect(eventual?.owner).toBe(a);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });

  it('splits more than 100 reads into several batches', async () => {
    const t = uniqueTenantId('bgm');
    const send = vi.spyOn(db.doc, 'send');
    try {
      const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => batchedGet(db, { pk: tenantKey(t, 'USER', `m${i}`), sk: 'PROFILE' }, true)));
      expect(answers.every((a) => a === undefined)).toBe(true);
      expect(send).toHaveBeenCalledTimes(2);
    } finally {
      send.mockRestore();
    }
  });

  it('a failed call fails only the reads that fail on their own', async () => {
    const t = uniqueTenantId('bgf');
    await db.doc.send(new PutCommand({ TableName: db.table, Item: { pk: tenantKey(t, 'USER', 'ok'), sk: 'PROFILE', n: 1 } }));
    const send = vi.spyOn(db.doc, 'send');
    try {
      // A key DynamoDB refuses (an empty sort key) beside a good one.
      const [bad, good] = [batchedGet(db, { pk: tenantKey(t, 'USER', 'bad'), sk: '' }, true), batchedGet(db, { pk: tenantKey(t, 'USER', 'ok'), sk: 'PROFILE' }, true)];
      await expect(bad).rejects.toThrow();
      expect((await good)?.n).toBe(1);
      // The batch, then each read alone.
      expect(send).toHaveBeenCalledTimes(3);
    } finally {
      send.mockRestore();
    }
  });

  it('fails a lone read whose call fails', async () => {
    const t = uniqueTenantId('bgl');
    const send = vi.spyOn(db.doc, 'send').mockRejectedValueOnce(new Error('throttled') as never);
    try {
      await expect(batchedGet(db, { pk: tenantKey(t, 'USER', 'lone'), sk: 'PROFILE' }, true)).rejects.toThrow('throttled');
    } finally {
      send.mockRestore();
    }
  });
});

describe('batchedPut (against DynamoDB Local)', () => {
  it('writes puts made together with BatchWriteItem, 25 a call; the same key twice keeps the later item', async () => {
    const t = uniqueTenantId('bp');
    const key = (i: number) => ({ pk: tenantKey(t, 'USER', `p${i}`), sk: 'PRESENCE' });
    const send = vi.spyOn(db.doc, 'send');
    try {
      await Promise.all([...Array.from({ length: 30 }, (_, i) => batchedPut(db, { ...key(i), n: i })), batchedPut(db, { ...key(0), n: 'later' })]);
      expect(send.mock.calls.map((c) => c[0].constructor.name)).toEqual(['BatchWriteCommand', 'BatchWriteCommand']);
    } finally {
      send.mockRestore();
    }
    const read = await Promise.all([0, 1, 29].map((i) => batchedGet(db, key(i), true)));
    expect(read.map((r) => r?.n)).toEqual(['later', 1, 29]);
  });
});

describe('a batch of one', () => {
  it('is the plain GetItem or PutItem', async () => {
    const t = uniqueTenantId('one');
    const key = { pk: tenantKey(t, 'USER', 'solo'), sk: 'PROFILE' };
    const send = vi.spyOn(db.doc, 'send');
    try {
      await batchedPut(db, { ...key, n: 7 });
      expect((await batchedGet(db, key, true))?.n).toBe(7);
      expect(send.mock.calls.map((c) => c[0].constructor.name)).toEqual(['PutCommand', 'GetCommand']);
    } finally {
      send.mockRestore();
    }
  });
});
