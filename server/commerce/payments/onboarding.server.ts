/**
 * Payout-account onboarding through account links: the organizer's account is created once at the
 * tenant's provider, and each visit gets a fresh one-time link whose return and refresh targets are
 * /accountLinkReturn and /accountLinkRefresh on the tenant's own host.
 */
import type { PayoutAccount } from '#app/lib/payments/ledger';
import { tenantOrigin } from '#server/config/tenantOrigin.server';
import { providerOf, type CheckoutContext } from './checkout.server';
import { payHeldTransfers } from './transfers.server';

export interface Organizer {
  userId: string;
  email: string;
}

/** The organizer's account (created at the provider the first time) and a fresh onboarding link to it. */
export async function onboardingLink(ctx: CheckoutContext, organizer: Organizer): Promise<{ url: string; account: PayoutAccount }> {
  const provider = providerOf(ctx);
  const origin = tenantOrigin(ctx.tenant, ctx.env);
  let account = await ctx.data.payouts.account(organizer.userId);
  if (!account.accountId || account.provider !== provider.id) {
    const created = await provider.createAccount({
      tenantId: ctx.tenant.id,
      userId: organizer.userId,
      email: organizer.email,
      webhookUrl: `${origin}/api/payments/webhook/${provider.id}`,
    });
    account = await ctx.data.payouts.saveAccount(organizer.userId, { provider: provider.id, accountId: created.accountId });
  }
  const link = await provider.accountLink({
    accountId: account.accountId!,
    returnUrl: `${origin}/accountLinkReturn`,
    refreshUrl: `${origin}/accountLinkRefresh`,
    language: ctx.language,
  });
  return { url: link.url, account };
}

/**
 * Asks the provider whether the account can be paid now, and records it. An active account is
 * paid what was held for it (the onboarding's return page, the payouts screen; idempotent, like
 * the account.updated webhook that usually comes first).
 */
export async function refreshAccountStatus(ctx: CheckoutContext, userId: string): Promise<PayoutAccount> {
  const account = await ctx.data.payouts.account(userId);
  if (!account.accountId || !account.provider) return account;
  const active = await providerOf(ctx, account.provider).accountActive(account.accountId);
  const status = active ? 'active' : 'pending';
  if (status !== account.status) await ctx.data.payouts.setAccountStatus(userId, account.accountId, status);
  if (active) await payHeldTransfers(ctx, userId);
  return { ...account, status };
}
