/**
 * Single-item reads and puts, answered together (docs/decisions/0024, "Per-join cost"): one
 * BatchGetItem (up to 100 keys) or BatchWriteItem (up to 25 puts) instead of one call each.
 * When an audience joins at once, hundreds of people's own items (sign-out cut-off, profile,
 * device settings, chat membership and presence) are read and written within a second; each
 * DynamoDB call costs the app its signing, HTTP and parsing, and DynamoDB its request handling,
 * whatever its size.
 *
 * A batch of one is the plain GetItem or PutItem.
 *
 * No waiting on a timer: a call goes out at the end of the current turn of the event loop when
 * fewer than MAX_IN_FLIGHT of its kind are under way, so a lone read is as quick as before. Under
 * load, what arrives while calls are in flight goes out together as soon as one returns. A read
 * queued while a batch is in flight is answered by a later batch, which starts after it was asked:
 * never older than a read of its own.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from './dynamo.server';

export interface ItemKey {
  pk: string;
  sk: string;
}
type Item = Record<string, unknown>;

/** DynamoDB's limits per call. */
const GET_MAX = 100;
const PUT_MAX = 25;
/** Calls of one kind under way at once, per database. */
const MAX_IN_FLIGHT = 2;
/** Rounds for items DynamoDB left unprocessed (throttling) before the calls fail. */
const UNPROCESSED_ROUNDS = 5;

interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** One kind of batched call for one database: what waits, how many calls are under way. */
class Batcher<Input, Output> {
  private queue = new Map<string, { input: Input; waiting: Array<Waiting<Output>> }>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly max: number,
    private readonly run: (inputs: Input[]) => Promise<Map<string, Output>>,
    private readonly fallback: Output,
  ) {}

  /**
   * `id`: inputs with the same id share one entry of the batch: the same key read twice, or put
   * twice (the later item wins, as if the puts had run one after the other).
   */
  add(id: string, input: Input): Promise<Output> {
    return new Promise((resolve, reject) => {
      const entry = this.queue.get(id) ?? { input, waiting: [] };
      entry.input = input;
      entry.waiting.push({ resolve, reject });
      this.queue.set(id, entry);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.inFlight < MAX_IN_FLIGHT && this.queue.size > 0) this.send();
    });
  }

  private send() {
    const taken = [...this.queue.entries()].slice(0, this.max);
    for (const [id] of taken) this.queue.delete(id);
    this.inFlight++;
    this.answer(taken).finally(() => {
      this.inFlight--;
      this.schedule();
    });
  }

  /**
   * Runs one call for these entries. When a call of several fails, each entry is tried alone, so
   * one bad input (a key DynamoDB refuses) fails only its own callers, as a single call would.
   */
  private async answer(taken: Array<[string, { input: Input; waiting: Array<Waiting<Output>> }]>): Promise<void> {
    let answers: Map<string, Output>;
    try {
      answers = await this.run(taken.map(([, e]) => e.input));
    } catch (error) {
      if (taken.length > 1) {
        await Promise.all(taken.map((entry) => this.answer([entry])));
        return;
      }
      for (const [, entry] of taken) for (const w of entry.waiting) w.reject(error);
      return;
    }
    for (const [id, entry] of taken) for (const w of entry.waiting) w.resolve(answers.has(id) ? answers.get(id)! : this.fallback);
  }
}

const keyId = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

interface Batchers {
  consistent: Batcher<ItemKey, Item | undefined>;
  eventual: Batcher<ItemKey, Item | undefined>;
  puts: Batcher<Item, true>;
}
const batchers = new WeakMap<Database, Batchers>();

function getMany(db: Database, consistent: boolean) {
  return async (keys: ItemKey[]): Promise<Map<string, Item | undefined>> => {
    const found = new Map<string, Item | undefined>();
    if (keys.length === 1) {
      // Alone: the plain call (DynamoDB answers a GetItem sooner than a batch of one).
      const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: { pk: keys[0]!.pk, sk: keys[0]!.sk }, ConsistentRead: consistent }));
      return found.set(keyId(keys[0]!), out.Item);
    }
    let pending = keys.map((k) => ({ pk: k.pk, sk: k.sk }));
    for (let round = 0; pending.length > 0; round++) {
      if (round === UNPROCESSED_ROUNDS) throw new Error(`DynamoDB left ${pending.length} keys of a batched read unprocessed`);
      const out = await db.doc.send(new BatchGetCommand({ RequestItems: { [db.table]: { Keys: pending, ConsistentRead: consistent } } }));
      for (const item of out.Responses?.[db.table] ?? []) found.set(keyId({ pk: String(item.pk), sk: String(item.sk) }), item);
      pending = (out.UnprocessedKeys?.[db.table]?.Keys ?? []) as ItemKey[];
    }
    return found;
  };
}

function putMany(db: Database) {
  return async (items: Item[]): Promise<Map<string, true>> => {
    if (items.length === 1) {
      await db.doc.send(new PutCommand({ TableName: db.table, Item: items[0] }));
      return new Map();
    }
    let pending = items.map((Item) => ({ PutRequest: { Item } }));
    for (let round = 0; pending.length > 0; round++) {
      if (round === UNPROCESSED_ROUNDS) throw new Error(`DynamoDB left ${pending.length} puts of a batched write unprocessed`);
      const out = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.table]: pending } }));
      pending = (out.UnprocessedItems?.[db.table] ?? []) as typeof pending;
    }
    return new Map();
  };
}

function batchersOf(db: Database): Batchers {
  let found = batchers.get(db);
  if (!found) {
    found = {
      consistent: new Batcher(GET_MAX, getMany(db, true), undefined),
      eventual: new Batcher(GET_MAX, getMany(db, false), undefined),
      puts: new Batcher(PUT_MAX, putMany(db), true),
    };
    batchers.set(db, found);
  }
  return found;
}

/**
 * The item stored under `key` (undefined when there is none), read with the next batch of this
 * database. `consistent`: a strongly consistent read, as GetItem's ConsistentRead.
 */
export function batchedGet(db: Database, key: ItemKey, consistent: boolean): Promise<Item | undefined> {
  const b = batchersOf(db);
  return (consistent ? b.consistent : b.eventual).add(keyId(key), key);
}

/** Writes the whole item (as PutItem, unconditionally) with the next batch of this database. */
export function batchedPut(db: Database, item: Item & ItemKey): Promise<void> {
  return batchersOf(db)
    .puts.add(keyId(item), item)
    .then(() => undefined);
}
