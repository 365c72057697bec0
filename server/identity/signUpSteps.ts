/**
 * Sign-up through the identity gateway never tells whether an address already has an account, and
 * is never left half-done (docs/decisions/0059):
 *
 *  - SignUp for an address an account already holds (Cognito's UsernameExistsException, or the
 *    gateway's own AliasExistsException for a contact attribute) answers exactly as a new sign-up
 *    does: 200, the same CodeDeliveryDetails (masked), UserConfirmed false, a fresh UserSub. When
 *    that account is confirmed its owner gets a mail instead ("someone tried to sign up with your
 *    address"); when it is still unconfirmed (the person's own sign-up, interrupted), a new code
 *    goes where the first went. Either way, at most what the `send` limits allow.
 *  - ConfirmSignUp for a name that is no unconfirmed account answers like a wrong code, and
 *    ResendConfirmationCode for it like a code sent: the fake sign-up above stays fake.
 *  - The profile write that follows an accepted SignUp resumes: a retried SignUp, the confirmation
 *    and every sign-in complete the profile from the names the account holds (signUpProfile.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { getProfile } from './data/profiles.server';
import type { TenantPool } from './identity.server';
import { codeDelivery, codeMismatch, errorType, record, str, withCodeDelivery, type Answer, type Body } from './answers';
import type { AttemptLimits } from './attemptLimits';
import type { ContactRefusal } from './contactClaims';
import type { AccountResolver, PoolAccount } from './poolAccounts';
import type { OriginEnv } from '../config/tenantOrigin.server';
import { noticeLanguage, sendSignUpAttemptNotice } from './signUpNotice';
import { completeSignUpProfile, keepSignUpProfile } from './signUpProfile';

export interface SignUpContext {
  tenant: Tenant;
  /** How the tenant's links are written (the owner's notice links to the tenant's site). */
  env: OriginEnv;
  pool: TenantPool;
  db: Database;
  accounts: AccountResolver;
  limits: AttemptLimits;
  /** The caller's address, for the `send` limits of notices and new codes. */
  ip: string;
  /** The operation as the identity service answers it. */
  forward(operation: string, body: Body): Promise<Answer>;
}

const attributesOf = (body: Body): Record<string, string> =>
  Object.fromEntries((Array.isArray(body.UserAttributes) ? body.UserAttributes.map(record) : []).map((a) => [str(a.Name), str(a.Value).trim()]));

/** Where a new account's code would go: its phone number when it has one (the pools prefer SMS), else its email. */
function requestedDestination(body: Body): string {
  const username = str(body.Username).trim();
  const attributes = attributesOf(body);
  const phone = attributes.phone_number || (/^\+\d/.test(username) ? username : '');
  const email = attributes.email || (username.includes('@') ? username : '');
  return phone || email || username;
}

/** A new sign-up's answer; the same for an address already taken. */
const signUpAnswer = (destination: string, sub: string): Answer => ({
  status: 200,
  body: { CodeDeliveryDetails: codeDelivery(destination), UserConfirmed: false, UserSub: sub },
});

/** A code sent (ResendConfirmationCode), or what one looks like when there is nobody to send it to. */
const codeSent = (destination: string): Answer => ({ status: 200, body: { CodeDeliveryDetails: codeDelivery(destination) } });

export async function signUp(ctx: SignUpContext, body: Body, claim: ContactRefusal | null): Promise<Answer> {
  const destination = requestedDestination(body);
  if (claim?.type === 'AliasExistsException') {
    // A contact attribute another account holds: that account's owner is told, the caller is not.
    const attributes = attributesOf(body);
    const held = [attributes.email, attributes.phone_number].filter(Boolean);
    for (const contact of held) {
      const holder = await ctx.accounts.find(ctx.tenant.id, ctx.pool, contact);
      if (holder) {
        await existingAccount(ctx, holder);
        break;
      }
    }
    return signUpAnswer(destination, randomUUID());
  }
  if (claim) return { status: 400, body: { __type: claim.type, message: claim.message } };
  const answer = await ctx.forward('SignUp', body);
  if (answer.status === 200) {
    await keepSignUpProfile(ctx.db, ctx.tenant, body, answer.body);
    const sent = str(record(answer.body.CodeDeliveryDetails).Destination);
    return answer.body.UserConfirmed === true || !sent ? answer : signUpAnswer(sent, str(answer.body.UserSub));
  }
  if (errorType(answer) !== 'UsernameExistsException') return answer;
  const account = await ctx.accounts.find(ctx.tenant.id, ctx.pool, str(body.Username));
  if (account) await existingAccount(ctx, account);
  return signUpAnswer(destination, randomUUID());
}

/** Someone signed up with the address of `account`: complete what it lacks, then a new code or a notice. */
async function existingAccount(ctx: SignUpContext, account: PoolAccount): Promise<void> {
  await completeSignUpProfile(ctx.db, ctx.tenant, account.sub, account.attributes, 'sign-up retried');
  const attempt = { tenantId: ctx.tenant.id, ip: ctx.ip, account: `sub:${account.sub}` };
  if (await ctx.limits.accountWait('send', attempt)) return;
  await ctx.limits.count('send', attempt);
  if (account.status === 'UNCONFIRMED') {
    // The person's own sign-up, interrupted (or another attempt at the same address): the code goes where the first went.
    await ctx.forward('ResendConfirmationCode', { ClientId: ctx.pool.appClientId, Username: account.username });
    return;
  }
  const email = account.attributes.email;
  if (!email) return;
  const profile = await getProfile(ctx.db, ctx.tenant.id, account.sub).catch(() => null);
  await sendSignUpAttemptNotice(ctx.tenant, ctx.env, email, noticeLanguage(ctx.tenant, profile?.signInLanguageCode));
}

/** Only an unconfirmed account can be confirmed; for any other name the code is simply wrong. */
export async function confirmSignUp(ctx: SignUpContext, body: Body): Promise<Answer> {
  const account = await ctx.accounts.find(ctx.tenant.id, ctx.pool, str(body.Username));
  if (!account || account.status !== 'UNCONFIRMED') return codeMismatch();
  const answer = await ctx.forward('ConfirmSignUp', body);
  const type = errorType(answer);
  // One wording for every wrong code (cognito-local words its own differently from Cognito's).
  if (type === 'UserNotFoundException' || type === 'NotAuthorizedException' || type === 'CodeMismatchException') return codeMismatch();
  if (answer.status === 200) await completeSignUpProfile(ctx.db, ctx.tenant, account.sub, account.attributes, 'confirmation');
  return answer;
}

/** A new sign-up code goes only to an unconfirmed account; any other name gets what a sent code looks like. */
export async function resendConfirmationCode(ctx: SignUpContext, body: Body): Promise<Answer> {
  const username = str(body.Username).trim();
  if (!username) return ctx.forward('ResendConfirmationCode', body);
  const account = await ctx.accounts.find(ctx.tenant.id, ctx.pool, username);
  if (!account || account.status !== 'UNCONFIRMED') return codeSent(username);
  const answer = await ctx.forward('ResendConfirmationCode', body);
  if (errorType(answer) === 'UserNotFoundException' || errorType(answer) === 'InvalidParameterException') return codeSent(username);
  return withCodeDelivery(answer);
}
