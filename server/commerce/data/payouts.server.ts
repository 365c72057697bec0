/**
 * Payout accounts and the sellers' ledgers:
 *
 *   pk T#<t>#PAYOUT#<userId>          sk ACCOUNT        { status: none|pending|active, provider, accountId }
 *   pk T#<t>#PAYOUTACCT#<accountId>   sk USER           { userId }: account.updated webhooks name the account only
 *   pk T#<t>#LEDGER#<sellerId>        sk E#<entryId>    one money movement for the seller
 *
 * Ledger entry ids are derived from what caused them (<orderId>#<line>, <orderId>#fee,
 * <refundId>#<sellerId>) and written conditionally, so a repeated webhook never books twice.
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TenantId } from '#app/lib/config/tenant';
import type { LedgerEntry, LedgerKind, PayoutAccount } from '#app/lib/payments/ledger';
import { LEDGER_KINDS } from '#app/lib/payments/ledger';
import { isConditionFailure, queryAll, tenantKey, type Database, type Item } from '#server/platform/dynamo/dynamo.server';
import { batchedGet } from '#server/platform/dynamo/batched.server';

const accountKey = (t: TenantId, userId: string) => ({ pk: tenantKey(t, 'PAYOUT', userId), sk: 'ACCOUNT' });
const accountOwnerKey = (t: TenantId, accountId: string) => ({ pk: tenantKey(t, 'PAYOUTACCT', accountId), sk: 'USER' });
const ledgerPartition = (t: TenantId, sellerId: string) => tenantKey(t, 'LEDGER', sellerId);

const NO_ACCOUNT: PayoutAccount = { status: 'none', provider: null, accountId: null };

export async function getPayoutAccount(db: Database, t: TenantId, userId: string): Promise<PayoutAccount> {
  // Strongly consistent, with the other reads of this turn (batched.server.ts): every capture reads its seller's account.
  const item = await batchedGet(db, accountKey(t, userId), true);
  if (!item || typeof item.accountId !== 'string') return NO_ACCOUNT;
  return { status: item.status === 'active' ? 'active' : 'pending', provider: item.provider === 'stripe' ? 'stripe' : 'test', accountId: item.accountId };
}

/** Stores the user's newly created provider account (pending until the provider says it can be paid). */
export async function savePayoutAccount(db: Database, t: TenantId, userId: string, account: { provider: 'test' | 'stripe'; accountId: string }): Promise<PayoutAccount> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...accountOwnerKey(t, account.accountId), userId } }));
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...accountKey(t, userId), tenantId: t, userId, status: 'pending', ...account, createdAt: new Date().toISOString() } }),
  );
  return { status: 'pending', ...account };
}

/** The user who owns a provider account, or null (another tenant's, unknown). */
export async function payoutAccountOwner(db: Database, t: TenantId, accountId: string): Promise<string | null> {
  const out = await db.doc.send(new GetCommand({ TableName: db.table, Key: accountOwnerKey(t, accountId) }));
  return typeof out.Item?.userId === 'string' ? out.Item.userId : null;
}

/** Records what the provider says about the account (it can receive payouts, or not yet). */
export async function setPayoutAccountStatus(db: Database, t: TenantId, userId: string, accountId: string, status: 'pending' | 'active'): Promise<void> {
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: accountKey(t, userId),
        UpdateExpression: 'SET #s = :s, updatedAt = :now',
        ConditionExpression: 'accountId = :a',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status, ':a': accountId, ':now': new Date().toISOString() },
      }),
    );
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

function toEntry(item: Item): LedgerEntry | null {
  if (typeof item.entryId !== 'string' || !LEDGER_KINDS.includes(item.kind as LedgerKind)) return null;
  return {
    entryId: item.entryId,
    sellerId: String(item.sellerId),
    kind: item.kind as LedgerKind,
    orderId: String(item.orderId),
    title: String(item.title ?? ''),
    amount: { amount: Number((item.amount as { amount: number }).amount), currency: String((item.amount as { currency: string }).currency) },
    at: String(item.at),
    ...(typeof item.buyerName === 'string' ? { buyerName: item.buyerName } : {}),
  };
}

const entryPut = (db: Database, t: TenantId, entry: LedgerEntry) => ({
  TableName: db.table,
  Item: { pk: ledgerPartition(t, entry.sellerId), sk: `E#${entry.entryId}`, tenantId: t, ...entry },
  ConditionExpression: 'attribute_not_exists(pk)',
});

/** At most this many entries go in one transaction (DynamoDB's limit is 100 items). */
const ENTRIES_PER_TRANSACTION = 25;

/**
 * Books entries that belong together (a captured order's sales and fees), each once: in one
 * transaction when none was booked yet (one call instead of one per entry); when any was (a
 * replay), each is booked on its own, conditional as ever, and the rest are written.
 */
export async function addLedgerEntries(db: Database, t: TenantId, entries: LedgerEntry[]): Promise<void> {
  if (entries.length > 1 && entries.length <= ENTRIES_PER_TRANSACTION) {
    try {
      await db.doc.send(new TransactWriteCommand({ TransactItems: entries.map((entry) => ({ Put: entryPut(db, t, entry) })) }));
      return;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  await Promise.all(entries.map((entry) => addLedgerEntry(db, t, entry)));
}

/** Books an entry once (its id says what caused it); false when it was already booked. */
export async function addLedgerEntry(db: Database, t: TenantId, entry: LedgerEntry): Promise<boolean> {
  try {
    await db.doc.send(new PutCommand(entryPut(db, t, entry)));
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** Every entry of the seller, newest first. */
export async function listLedger(db: Database, t: TenantId, sellerId: string): Promise<LedgerEntry[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': ledgerPartition(t, sellerId) } }, 5000);
  return items
    .map(toEntry)
    .filter((e): e is LedgerEntry => e !== null)
    .sort((a, b) => (a.at === b.at ? b.entryId.localeCompare(a.entryId) : b.at.localeCompare(a.at)));
}
