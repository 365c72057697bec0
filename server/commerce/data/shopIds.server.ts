/** Ids of shop objects (channels, products, guest carts): time-ordered, 21 lower-case characters. */
import { randomUUID } from 'node:crypto';

export const SHOP_ID = /^[a-z0-9]{21}$/;
export const newShopId = () => `${Date.now().toString(36).padStart(9, '0')}${randomUUID().replace(/-/g, '').slice(0, 12)}`;
