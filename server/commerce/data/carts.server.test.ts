import { describe, expect, it } from 'vitest';
import type { CartLine } from '#app/lib/shop/cart';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { addLine, changeCart, getCart, mergeGuestCart, removeBought, removeLine, setQuantity } from './carts.server';
import { newShopId } from '#app/lib/shop/ids';

const db = testDatabase();
const line = (refId: string, quantity = 1): CartLine => ({ kind: 'product', refId, quantity, title: `T ${refId}`, unitAmount: 500, currency: 'USD' });

describe('carts', () => {
  it('adds, changes and removes lines, counting units and growing the version', async () => {
    const t = uniqueTenantId();
    const me = { userId: 'u1' };
    expect(await getCart(db, t, me)).toEqual({ cartItems: [], cartItemsCnt: 0, version: 0 });
    await changeCart(db, t, me, addLine(line('a')));
    const twice = await changeCart(db, t, me, addLine(line('a', 2)));
    expect(twice).toMatchObject({ cartItemsCnt: 3, version: 2 });
    expect(twice.cartItems).toHaveLength(1);
    await changeCart(db, t, me, addLine(line('b')));
    expect((await changeCart(db, t, me, setQuantity('a', 5))).cartItemsCnt).toBe(6);
    expect((await changeCart(db, t, me, removeLine('b'))).cartItemsCnt).toBe(5);
    expect(await getCart(db, uniqueTenantId(), me)).toMatchObject({ cartItemsCnt: 0 });
  });

  it('keeps every line of concurrent changes', async () => {
    const t = uniqueTenantId();
    const me = { userId: 'u2' };
    await Promise.all(Array.from({ length: 8 }, (_, i) => changeCart(db, t, me, addLine(line(`p${i}`)))));
    expect((await getCart(db, t, me)).cartItemsCnt).toBe(8);
  });

  it('merges a guest cart into the user’s once, even when two requests merge at the same time', async () => {
    const t = uniqueTenantId();
    const guestCartId = newShopId();
    await changeCart(db, t, { guestCartId }, addLine(line('a', 2)));
    await changeCart(db, t, { userId: 'u3' }, addLine(line('a')));
    await changeCart(db, t, { userId: 'u3' }, addLine(line('b')));
    await Promise.all([mergeGuestCart(db, t, guestCartId, 'u3'), mergeGuestCart(db, t, guestCartId, 'u3')]);
    const mine = await getCart(db, t, { userId: 'u3' });
    expect(mine.cartItems.map((l) => [l.refId, l.quantity]).sort()).toEqual([['a', 3], ['b', 1]]);
    expect((await getCart(db, t, { guestCartId })).cartItemsCnt).toBe(0);
    // Another tenant's guest cart id merges nothing.
    await changeCart(db, t, { guestCartId }, addLine(line('c')));
    await mergeGuestCart(db, uniqueTenantId(), guestCartId, 'u3');
    expect((await getCart(db, t, { guestCartId })).cartItemsCnt).toBe(1);
  });

  it('drops what an order bought', async () => {
    const t = uniqueTenantId();
    const me = { userId: 'u4' };
    await changeCart(db, t, me, addLine(line('a', 3)));
    await changeCart(db, t, me, addLine(line('b', 1)));
    const after = await changeCart(db, t, me, removeBought([{ refId: 'a', quantity: 2 }, { refId: 'b', quantity: 1 }]));
    expect(after.cartItems.map((l) => [l.refId, l.quantity])).toEqual([['a', 1]]);
  });
});
