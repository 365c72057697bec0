/**
 * Imports every module that registers a sellable kind (server/commerce/payments/sellables.server.ts), so
 * checkout and webhooks always see the whole catalogue. One line per owner.
 */
import '../donations/donations.server';
import '../shop/productSellable.server';
import '#server/commerce/tickets/sellables.server';
import '#server/commerce/tickets/consultationSale.server';
