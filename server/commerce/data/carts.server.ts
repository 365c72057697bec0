/**
 * Carts (app/lib/shop/model.ts; docs/decisions/0034-shop.md): a signed-in user's and a guest's
 * (whose id lives in a signed cookie, server/commerce/shop/cartCookie.server.ts).
 *
 *   pk T#<tenant>#CART#U-<userId> | T#<tenant>#CART#G-<guestCartId>   sk CART
 *     cartItems (lines), version (grows with every change)
 *
 * Every change is a conditional write on the version read (optimistic: a concurrent change makes
 * the later one read again), so two tabs never lose each other's lines.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import { CART_MAX_LINES, CART_MAX_QUANTITY, countOf, type Cart, type CartLine } from '#app/lib/shop/cart';
import { isConditionFailure, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';
import { SHOP_ID } from '#app/lib/shop/ids';

/** Whose cart: a signed-in user's (by sub) or a guest's (by the id in the cookie). */
export type CartOwner = { userId: string } | { guestCartId: string };

const ownerPart = (owner: CartOwner) => ('userId' in owner ? `U-${owner.userId}` : `G-${owner.guestCartId}`);
const cartKey = (t: TenantId, owner: CartOwner) => ({ pk: tenantKey(t, 'CART', ownerPart(owner)), sk: 'CART' });
/** Guest carts nobody comes back to expire (the table's TTL attribute). */
const GUEST_CART_TTL_S = 30 * 24 * 60 * 60;

export const cartIdOf = (owner: CartOwner) => ownerPart(owner);

function toLines(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((l): l is Record<string, unknown> => !!l && typeof l === 'object')
    .map((l) => ({ kind: 'product' as const, refId: String(l.refId), quantity: Number(l.quantity), title: String(l.title), unitAmount: Number(l.unitAmount), currency: String(l.currency) }));
}

const toCart = (raw: Item | undefined): Cart => {
  const cartItems = toLines(raw?.cartItems);
  return { cartItems, cartItemsCnt: countOf(cartItems), version: typeof raw?.version === 'number' ? raw.version : 0 };
};

function validOwner(owner: CartOwner) {
  return 'userId' in owner ? owner.userId.length > 0 && owner.userId.length <= 128 : SHOP_ID.test(owner.guestCartId);
}

export async function getCart(db: Database, tenantId: TenantId, owner: CartOwner): Promise<Cart> {
  if (!validOwner(owner)) return toCart(undefined);
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: cartKey(tenantId, owner), ConsistentRead: true }));
  return out.Item?.tenantId === tenantId ? toCart(out.Item) : toCart(undefined);
}

/** A change of the lines: returns the new lines, or null to leave the cart as it is. */
export type CartChange = (lines: CartLine[]) => CartLine[] | null;

/** Applies `change` to the cart read now; retried on a concurrent change. */
export async function changeCart(db: Database, tenantId: TenantId, owner: CartOwner, change: CartChange, now = Date.now()): Promise<Cart> {
  if (!validOwner(owner)) throw new Error('invalid cart owner');
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await getCart(db, tenantId, owner);
    const lines = change(current.cartItems.map((l) => ({ ...l })));
    if (!lines) return current;
    const next = normalised(lines);
    const version = current.version + 1;
    try {
      await db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: {
            ...cartKey(tenantId, owner),
            tenantId,
            cartItems: next,
            version,
            updatedAt: new Date(now).toISOString(),
            ...('guestCartId' in owner ? { ttl: Math.floor(now / 1000) + GUEST_CART_TTL_S } : {}),
          },
          ConditionExpression: 'attribute_not_exists(pk) OR version = :v',
          ExpressionAttributeValues: { ':v': current.version },
        }),
      );
      return { cartItems: next, cartItemsCnt: countOf(next), version };
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new Error('the cart kept changing; try again');
}

/** One line per product, quantities within bounds, at most CART_MAX_LINES lines. */
function normalised(lines: CartLine[]): CartLine[] {
  const byRef = new Map<string, CartLine>();
  for (const line of lines) {
    const seen = byRef.get(line.refId);
    if (seen) seen.quantity += line.quantity;
    else byRef.set(line.refId, { ...line });
  }
  return [...byRef.values()]
    .map((line) => ({ ...line, quantity: Math.min(CART_MAX_QUANTITY, Math.max(1, Math.floor(line.quantity))) }))
    .slice(0, CART_MAX_LINES);
}

/** Adds a product line (or more of one already there) with its current title and price as the snapshot. */
export const addLine = (line: CartLine): CartChange => (lines) => [...lines, line];
export const setQuantity = (refId: string, quantity: number, snapshot?: Pick<CartLine, 'title' | 'unitAmount' | 'currency'>): CartChange => (lines) =>
  lines.some((l) => l.refId === refId) ? lines.map((l) => (l.refId === refId ? { ...l, ...snapshot, quantity } : l)) : null;
export const removeLine = (refId: string): CartChange => (lines) => (lines.some((l) => l.refId === refId) ? lines.filter((l) => l.refId !== refId) : null);
/** Drops the quantities an order bought (after its capture). */
export const removeBought = (bought: readonly { refId: string; quantity: number }[]): CartChange => (lines) => {
  const left = lines
    .map((l) => {
      const paid = bought.filter((b) => b.refId === l.refId).reduce((sum, b) => sum + b.quantity, 0);
      return { ...l, quantity: l.quantity - paid };
    })
    .filter((l) => l.quantity > 0);
  return left.length === lines.length && left.every((l, i) => l.quantity === lines[i]!.quantity) ? null : left;
};

/**
 * Moves a guest's lines into the user's cart (at sign-in). The guest cart is deleted first with a
 * condition, so of two requests merging at once only one gets its lines: nothing is added twice.
 */
export async function mergeGuestCart(db: Database, tenantId: TenantId, guestCartId: string, userId: string): Promise<Cart> {
  const guest = { guestCartId };
  if (!validOwner(guest)) return getCart(db, tenantId, { userId });
  let taken: Item | undefined;
  try {
    const out = await db.doc.send(new DeleteCommand({ TableName: db.table, Key: cartKey(tenantId, guest), ConditionExpression: 'attribute_exists(pk) AND tenantId = :t', ExpressionAttributeValues: { ':t': tenantId }, ReturnValues: 'ALL_OLD' }));
    taken = out.Attributes;
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
  const lines = toLines(taken?.cartItems);
  if (lines.length === 0) return getCart(db, tenantId, { userId });
  return changeCart(db, tenantId, { userId }, (mine) => [...mine, ...lines]);
}
