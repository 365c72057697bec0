/**
 * Imports every module that registers a sellable kind (server/payments/sellables.server.ts), so
 * checkout and webhooks always see the whole catalogue. One line per owner.
 */
import '../donations/donations.server';
import '../shop/productSellable.server';
import '#server/tickets/sellables.server';
import '#server/tickets/consultationSale.server';
