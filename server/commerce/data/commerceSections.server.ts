/**
 * The shop's sections of the tenant-bound data context (server/data/tenantData.server.ts):
 * products, carts, orders, payouts, donations and the rooms' pinned sales, each a data
 * module's functions bound to the table and the tenant.
 */
import type { TenantId } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import {
  claimFulfilment,
  claimPaymentEvent,
  createOrder,
  getOrder,
  listBuyerOrders,
  listStalePendingOrders,
  moveOrder,
  orderForKey,
  releaseFulfilment,
  releasePaymentEvent,
  setOrderSession,
} from './orders.server';
import { bookOutsideRefund, confirmRefund, observeProviderRefunded, releaseRefund, reserveRefund } from './orderRefunds.server';
import {
  ensureSellerPayout,
  getSellerPayout,
  listSellerPayouts,
  listUnsettledPayouts,
  markSellerPayout,
  recordSellerReversal,
  recordSellerTransfer,
  setSellerPayoutDue,
} from './sellerPayouts.server';
import { addLedgerEntries, addLedgerEntry, getPayoutAccount, listLedger, payoutAccountOwner, savePayoutAccount, setPayoutAccountStatus } from './payouts.server';
import {
  createProduct,
  deleteProduct,
  getProduct,
  grantDownloads,
  hasDownload,
  listChannelProducts,
  markStockSold,
  releaseStock,
  reserveStock,
  revokeDownloads,
  updateProduct,
} from './products.server';
import { changeCart, getCart, mergeGuestCart } from './carts.server';
import { getDonation, hasDonatedInEvent, listChannelDonations, listDonationsTo, recordDonation } from './donations.server';
import { clearPin, getPin, savePin } from './roomPins.server';

/** Donations (server/commerce/data/donations.server.ts): recorded once per order line; the payouts ledger lists them per organizer. */
export const donations = (db: Database, t: TenantId) => ({
  record: recordDonation.bind(null, db, t),
  get: getDonation.bind(null, db, t),
  hasDonated: hasDonatedInEvent.bind(null, db, t),
  /** Everything donated to an organizer (their channels and rooms), newest first. */
  toSeller: listDonationsTo.bind(null, db, t),
  toChannel: listChannelDonations.bind(null, db, t),
});

/** The live room's pinned sale (server/commerce/data/roomPins.server.ts). */
export const roomPins = (db: Database, t: TenantId) => ({
  get: getPin.bind(null, db, t),
  save: savePin.bind(null, db, t),
  clear: clearPin.bind(null, db, t),
});

/** Orders and their payment state (server/commerce/data/orders.server.ts, docs/decisions/0033). */
export const orders = (db: Database, t: TenantId) => ({
  create: createOrder.bind(null, db, t),
  get: getOrder.bind(null, db, t),
  forKey: orderForKey.bind(null, db, t),
  setSession: setOrderSession.bind(null, db, t),
  /** The conditional status move every change goes through. */
  move: moveOrder.bind(null, db, t),
  claimFulfilment: claimFulfilment.bind(null, db, t),
  releaseFulfilment: releaseFulfilment.bind(null, db, t),
  /** Refunds serialised per order (server/commerce/data/orderRefunds.server.ts, docs/decisions/0057). */
  reserveRefund: reserveRefund.bind(null, db, t),
  confirmRefund: confirmRefund.bind(null, db, t),
  releaseRefund: releaseRefund.bind(null, db, t),
  observeProviderRefunded: observeProviderRefunded.bind(null, db, t),
  bookOutsideRefund: bookOutsideRefund.bind(null, db, t),
  claimEvent: claimPaymentEvent.bind(null, db, t),
  releaseEvent: releasePaymentEvent.bind(null, db, t),
  /** The buyer's orders, newest first (the dashboard's Orders tab). */
  ofBuyer: listBuyerOrders.bind(null, db, t),
  stalePending: listStalePendingOrders.bind(null, db, t),
});

/** Payout accounts and sellers' ledgers (server/commerce/data/payouts.server.ts). */
export const payouts = (db: Database, t: TenantId) => ({
  account: getPayoutAccount.bind(null, db, t),
  saveAccount: savePayoutAccount.bind(null, db, t),
  accountOwner: payoutAccountOwner.bind(null, db, t),
  setAccountStatus: setPayoutAccountStatus.bind(null, db, t),
  addEntry: addLedgerEntry.bind(null, db, t),
  /** Entries that belong together, each booked once (one transaction when none was booked yet). */
  addEntries: addLedgerEntries.bind(null, db, t),
  ledger: listLedger.bind(null, db, t),
});

/** What each seller is owed per order and its transfers (server/commerce/data/sellerPayouts.server.ts, docs/decisions/0058). */
export const sellerPayouts = (db: Database, t: TenantId) => ({
  get: getSellerPayout.bind(null, db, t),
  ensure: ensureSellerPayout.bind(null, db, t),
  setDue: setSellerPayoutDue.bind(null, db, t),
  recordTransfer: recordSellerTransfer.bind(null, db, t),
  recordReversal: recordSellerReversal.bind(null, db, t),
  mark: markSellerPayout.bind(null, db, t),
  /** The seller's payouts, newest first. */
  ofSeller: listSellerPayouts.bind(null, db, t),
  unsettled: listUnsettledPayouts.bind(null, db, t),
});

/** Products of channels, their stock and the downloads their buyers were granted (docs/decisions/0034). */
export const products = (db: Database, t: TenantId) => ({
  create: createProduct.bind(null, db, t),
  get: getProduct.bind(null, db, t),
  byChannel: listChannelProducts.bind(null, db, t),
  update: updateProduct.bind(null, db, t),
  delete: deleteProduct.bind(null, db, t),
  reserve: reserveStock.bind(null, db, t),
  release: releaseStock.bind(null, db, t),
  markSold: markStockSold.bind(null, db, t),
  grantDownloads: grantDownloads.bind(null, db, t),
  revokeDownloads: revokeDownloads.bind(null, db, t),
  hasDownload: hasDownload.bind(null, db, t),
});

/** Signed-in users' and guests' carts (cartItems, cartItemsCnt). */
export const carts = (db: Database, t: TenantId) => ({
  get: getCart.bind(null, db, t),
  change: changeCart.bind(null, db, t),
  mergeGuest: mergeGuestCart.bind(null, db, t),
});
