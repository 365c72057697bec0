/**
 * Products of channels (app/lib/shop/model.ts; docs/decisions/0034-shop.md), their stock and what
 * their buyers were granted.
 *
 *   pk T#<tenant>#PRODUCT#<id>   sk PRODUCT          the product (stock: units left, null = unlimited)
 *                                gsi1pk T#<tenant>#CHANNEL_PRODUCTS#<channelId>  gsi1sk <createdAt>#<id>
 *   pk T#<tenant>#PRODUCT#<id>   sk HOLD#<orderId>   units an order holds while it is paid: held | sold | released
 *   pk T#<tenant>#GRANTS#<user>  sk MEDIA#<mediaId>#<orderId>   a download a buyer was granted
 *
 * Stock moves only in one transaction with the order's hold: the hold's condition makes a retried
 * reserve or release a no-op, and the stock's condition (`stock >= :q`) makes overselling
 * impossible under contention, with no read-then-write.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { Product, ProductInput } from '#app/lib/shop/model';
import { isErrorNamed } from '#server/errors';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';
import { newShopId, SHOP_ID } from '#app/lib/shop/ids';

export const MAX_PRODUCTS_PER_CHANNEL = 200;

const productPk = (t: TenantId, productId: string) => tenantKey(t, 'PRODUCT', productId);
const productKey = (t: TenantId, productId: string) => ({ pk: productPk(t, productId), sk: 'PRODUCT' });
const holdKey = (t: TenantId, productId: string, orderId: string) => ({ pk: productPk(t, productId), sk: `HOLD#${orderId}` });
const channelPartition = (t: TenantId, channelId: string) => tenantKey(t, 'CHANNEL_PRODUCTS', channelId);
const grantsPk = (t: TenantId, userId: string) => tenantKey(t, 'GRANTS', userId);

const strings = (raw: unknown) => (Array.isArray(raw) ? raw.map(String) : []);

function toProduct(tenantId: TenantId, raw: Item | undefined): Product | null {
  if (!raw || raw.tenantId !== tenantId || typeof raw.productId !== 'string') return null;
  const media = (raw.media ?? {}) as Record<string, unknown>;
  return {
    productId: raw.productId,
    channelId: String(raw.channelId),
    ownerId: String(raw.ownerId),
    title: String(raw.title),
    description: String(raw.description ?? ''),
    price: Number(raw.price),
    currency: String(raw.currency),
    media: { images: strings(media.images), videos: strings(media.videos), audios: strings(media.audios) },
    stock: typeof raw.stock === 'number' ? raw.stock : null,
    delivers: raw.delivers as Product['delivers'],
    ...(typeof raw.eventId === 'string' ? { eventId: raw.eventId } : {}),
    ...(Array.isArray(raw.mediaIds) ? { mediaIds: strings(raw.mediaIds) } : {}),
    published: raw.published === true,
    createdAt: String(raw.createdAt),
    updatedAt: String(raw.updatedAt),
  };
}

function fromInput(input: ProductInput): Omit<Product, 'productId' | 'channelId' | 'ownerId' | 'currency' | 'createdAt' | 'updatedAt'> {
  return {
    title: input.title,
    description: input.description,
    price: input.price,
    media: { images: input.images, videos: input.videos, audios: input.audios },
    stock: input.stock,
    delivers: input.delivers,
    ...(input.delivers !== 'download' && input.eventId ? { eventId: input.eventId } : {}),
    ...(input.delivers === 'download' ? { mediaIds: input.mediaIds } : {}),
    published: input.published,
  };
}

const toItem = (tenantId: TenantId, product: Product): Item => ({
  ...productKey(tenantId, product.productId),
  gsi1pk: channelPartition(tenantId, product.channelId),
  gsi1sk: `${product.createdAt}#${product.productId}`,
  tenantId,
  ...product,
  // DynamoDB keeps null; an absent stock attribute reads as unlimited too.
  stock: product.stock,
});

export async function createProduct(db: Database, tenantId: TenantId, owner: { userId: string }, input: ProductInput, currency: string, now = new Date()): Promise<Product> {
  const at = now.toISOString();
  const product: Product = { productId: newShopId(), channelId: input.channelId, ownerId: owner.userId, currency, ...fromInput(input), createdAt: at, updatedAt: at };
  await db.doc.send(new PutCommand({ TableName: db.table, Item: toItem(tenantId, product), ConditionExpression: 'attribute_not_exists(pk)' }));
  return product;
}

export async function getProduct(db: Database, tenantId: TenantId, productId: string): Promise<Product | null> {
  if (!SHOP_ID.test(productId)) return null;
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: productKey(tenantId, productId), ConsistentRead: true }));
  return toProduct(tenantId, out.Item);
}

/** A channel's products, oldest first (drafts included: callers show drafts to the owner only). */
export async function listChannelProducts(db: Database, tenantId: TenantId, channelId: string): Promise<Product[]> {
  const items = await queryAll(
    db,
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': channelPartition(tenantId, channelId) } },
    MAX_PRODUCTS_PER_CHANNEL,
  );
  return items.map((raw) => toProduct(tenantId, raw)).filter((p): p is Product => p !== null);
}

/**
 * Replaces what the owner typed (the channel stays); null when there is no such product. The
 * stock typed here is the new number of units left; it is written only if no order moved the
 * stock since it was read, so a sale in between is never overwritten.
 */
export async function updateProduct(db: Database, tenantId: TenantId, productId: string, input: ProductInput, now = new Date()): Promise<Product | null> {
  const current = await getProduct(db, tenantId, productId);
  if (!current) return null;
  const { eventId: _eventId, mediaIds: _mediaIds, ...kept } = current;
  const next: Product = { ...kept, ...fromInput(input), updatedAt: now.toISOString() };
  const stockUnchanged = current.stock === null ? 'attribute_type(#stock, :nullType)' : '#stock = :stock';
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: toItem(tenantId, next),
        ConditionExpression: `updatedAt = :seen AND ${stockUnchanged}`,
        ExpressionAttributeNames: { '#stock': 'stock' },
        ExpressionAttributeValues: { ':seen': current.updatedAt, ...(current.stock === null ? { ':nullType': 'NULL' } : { ':stock': current.stock }) },
      }),
    );
    return next;
  } catch (e) {
    if (isConditionFailure(e)) return updateProduct(db, tenantId, productId, input, new Date(Math.max(Date.now(), now.getTime() + 1)));
    throw e;
  }
}

export async function deleteProduct(db: Database, tenantId: TenantId, productId: string): Promise<boolean> {
  if (!SHOP_ID.test(productId)) return false;
  try {
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: productKey(tenantId, productId), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

const cancelledBy = (e: unknown): ('ConditionalCheckFailed' | 'None' | string)[] =>
  ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');

/**
 * Holds `quantity` units for an order: true when held (now or by an earlier call for the same
 * order and quantity), false when the stock does not cover it or the product is gone. One transaction: the
 * hold is created only if absent, and limited stock is decremented only if enough is left.
 */
export async function reserveStock(db: Database, tenantId: TenantId, productId: string, orderId: string, quantity: number, now = new Date()): Promise<boolean> {
  const product = await getProduct(db, tenantId, productId);
  if (!product) return false;
  const hold = { TableName: db.table, Item: { ...holdKey(tenantId, productId, orderId), tenantId, orderId, quantity, state: 'held', limited: product.stock !== null, at: now.toISOString() }, ConditionExpression: 'attribute_not_exists(pk)' };
  const stock = {
    TableName: db.table,
    Key: productKey(tenantId, productId),
    UpdateExpression: 'SET #stock = #stock - :q',
    ConditionExpression: 'attribute_type(#stock, :number) AND #stock >= :q',
    ExpressionAttributeNames: { '#stock': 'stock' },
    ExpressionAttributeValues: { ':q': quantity, ':number': 'N' },
  };
  const unlimited = {
    TableName: db.table,
    Key: productKey(tenantId, productId),
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#stock) OR attribute_type(#stock, :null))',
    ExpressionAttributeNames: { '#stock': 'stock' },
    ExpressionAttributeValues: { ':null': 'NULL' },
  };
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: [{ Put: hold }, product.stock === null ? { ConditionCheck: unlimited } : { Update: stock }] }));
    return true;
  } catch (e) {
    if (!isErrorNamed(e, 'TransactionCanceledException')) throw e;
    const [holdReason, stockReason] = cancelledBy(e);
    // The order already holds these units (a retried reserve): held. A hold of another quantity is
    // not this request's: one order holds a product once, for its whole quantity (checkout merges its lines).
    if (holdReason === 'ConditionalCheckFailed') {
      const existing = await getHold(db, tenantId, productId, orderId);
      return existing !== null && existing.state !== 'released' && existing.quantity === quantity;
    }
    // The product's stock changed between unlimited and limited since it was read: ask again.
    if (stockReason === 'ConditionalCheckFailed' && (await getProduct(db, tenantId, productId))?.stock === null && product.stock !== null) {
      return reserveStock(db, tenantId, productId, orderId, quantity, now);
    }
    return false;
  }
}

async function getHold(db: Database, tenantId: TenantId, productId: string, orderId: string) {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: holdKey(tenantId, productId, orderId), ConsistentRead: true }));
  return out.Item ? { state: String(out.Item.state), quantity: Number(out.Item.quantity), limited: out.Item.limited === true } : null;
}

/** Gives an unpaid order's units back (once: only a hold still `held` moves). */
export async function releaseStock(db: Database, tenantId: TenantId, productId: string, orderId: string): Promise<void> {
  const hold = await getHold(db, tenantId, productId, orderId);
  if (!hold || hold.state !== 'held') return;
  const moveHold = {
    TableName: db.table,
    Key: holdKey(tenantId, productId, orderId),
    UpdateExpression: 'SET #state = :released',
    ConditionExpression: '#state = :held',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':released': 'released', ':held': 'held' },
  };
  const giveBack = {
    TableName: db.table,
    Key: productKey(tenantId, productId),
    UpdateExpression: 'SET #stock = #stock + :q',
    ConditionExpression: 'attribute_type(#stock, :number)',
    ExpressionAttributeNames: { '#stock': 'stock' },
    ExpressionAttributeValues: { ':q': hold.quantity, ':number': 'N' },
  };
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: hold.limited ? [{ Update: moveHold }, { Update: giveBack }] : [{ Update: moveHold }] }));
  } catch (e) {
    if (!isErrorNamed(e, 'TransactionCanceledException')) throw e;
    const [holdReason] = cancelledBy(e);
    if (holdReason === 'ConditionalCheckFailed') return; // released or sold by another call already
    // The product became unlimited or was deleted: only the hold moves.
    await db.doc.send(new UpdateCommand(moveHold)).catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
  }
}

/** Marks an order's hold as sold (a paid order keeps its units). Idempotent. */
export async function markStockSold(db: Database, tenantId: TenantId, productId: string, orderId: string, quantity: number, now = new Date()): Promise<void> {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: holdKey(tenantId, productId, orderId),
      UpdateExpression: 'SET #state = :sold, tenantId = :t, orderId = :o, quantity = if_not_exists(quantity, :q), #at = if_not_exists(#at, :at)',
      ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: { ':sold': 'sold', ':t': tenantId, ':o': orderId, ':q': quantity, ':at': now.toISOString() },
    }),
  );
}

/** Lets the buyer download these media items, as bought with this order (idempotent per order and item). */
export async function grantDownloads(db: Database, tenantId: TenantId, userId: string, orderId: string, productId: string, mediaIds: readonly string[], now = new Date()) {
  await Promise.all(
    mediaIds.map((mediaId) =>
      db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: { pk: grantsPk(tenantId, userId), sk: `MEDIA#${mediaId}#${orderId}`, tenantId, mediaId, orderId, productId, at: now.toISOString() },
        }),
      ),
    ),
  );
}

/** Takes back what one order granted (a refunded order). */
export async function revokeDownloads(db: Database, tenantId: TenantId, userId: string, orderId: string, mediaIds: readonly string[]) {
  await Promise.all(mediaIds.map((mediaId) => db.doc.send(new DeleteCommand({ TableName: db.table, Key: { pk: grantsPk(tenantId, userId), sk: `MEDIA#${mediaId}#${orderId}` } }))));
}

/** Whether any still-standing order granted this user the item. */
export async function hasDownload(db: Database, tenantId: TenantId, userId: string, mediaId: string): Promise<boolean> {
  const out = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': grantsPk(tenantId, userId), ':p': `MEDIA#${mediaId}#` },
      Limit: 1,
    }),
  );
  return (out.Items?.length ?? 0) > 0;
}
