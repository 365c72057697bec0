/**
 * Ids of shop objects (channels, products, guest carts): time-ordered, 21 lower-case characters.
 * Here, not in a feature, because two features make them: events (channels) and commerce
 * (products, carts).
 */
export const SHOP_ID = /^[a-z0-9]{21}$/;
export const newShopId = () => `${Date.now().toString(36).padStart(9, '0')}${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
