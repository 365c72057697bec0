import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '#app/lib/config/tenant';
import type { Database } from '#server/platform/dynamo/dynamo.server';
import { getProfile, saveProfile } from './data/profiles.server';
import { DEFAULT_LIMITS, maskDestination, type GatewayLimits } from './gateway';
import { call, clientId, db, files, phoneUser, readOutbox, registry, roomy, serve, serveGatewayDuringTests, signIn, sleep, unique, waitForCode, type Reply } from '#tests/support/gateway';

serveGatewayDuringTests();

// The platform's mails land in the test stack's outbox, beside the identity service's codes.
let previousOutbox: string | undefined;
beforeAll(() => {
  previousOutbox = process.env.IDENTITY_OUTBOX_FILE;
  process.env.IDENTITY_OUTBOX_FILE = files.outbox;
});
afterAll(() => {
  if (previousOutbox === undefined) delete process.env.IDENTITY_OUTBOX_FILE;
  else process.env.IDENTITY_OUTBOX_FILE = previousOutbox;
});

const aurora = registry.tenants.get('aurora')!;
const lumiere = registry.tenants.get('lumiere')!;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PASSWORD = 'Sign-Up-Pass1!';

function signUp(tenant: Tenant, email: string, options: { port?: number; names?: [string, string] } = {}) {
  const [given, family] = options.names ?? ['Ada', 'Lovelace'];
  return call(
    tenant,
    'SignUp',
    {
      ClientId: clientId(tenant),
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'given_name', Value: given },
        { Name: 'family_name', Value: family },
        { Name: 'email', Value: email },
      ],
      ClientMetadata: { acceptedTerms: 'true' },
    },
    { port: options.port },
  );
}

/** What an answer looks like with the parts that differ per address or account left out. */
function shape(reply: Reply) {
  const details = reply.body.CodeDeliveryDetails as Record<string, unknown> | undefined;
  return {
    status: reply.status,
    keys: Object.keys(reply.body),
    details: details ? { keys: Object.keys(details), AttributeName: details.AttributeName, DeliveryMedium: details.DeliveryMedium } : null,
    UserConfirmed: reply.body.UserConfirmed,
    type: reply.body.__type,
    message: reply.body.message,
  };
}

/** Lines of the outbox: codes of the identity service and the platform's mails alike. */
const mailsTo = (email: string, since: number): Array<Record<string, unknown>> =>
  readOutbox()
    .filter((m) => m.destination === email && Date.parse(m.at) >= since)
    .map((m) => ({ ...m }));

async function mailTo(email: string, since: number, purpose: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50; i++) {
    const found = mailsTo(email, since).find((m) => m.purpose === purpose);
    if (found) return found;
    await sleep(50);
  }
  throw new Error(`no ${purpose} mail to ${email}`);
}

describe('identity gateway: a sign-up never tells whether the address has an account', () => {
  it('answers an address with an account exactly like a new one, and mails its owner instead', async () => {
    const owner = await phoneUser(aurora);
    const fresh = `new-${unique()}@example.com`;
    const since = Date.now() - 1000;
    const forNew = await signUp(aurora, fresh);
    const forTaken = await signUp(aurora, owner.email);
    expect(forNew.status, JSON.stringify(forNew.body)).toBe(200);
    // It used to answer 400 UsernameExistsException.
    expect(shape(forTaken)).toEqual(shape(forNew));
    expect(forTaken.body.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(owner.email) });
    expect(forNew.body.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(fresh) });
    expect(forNew.body.UserSub).toMatch(UUID);
    expect(forTaken.body.UserSub).toMatch(UUID);

    // The owner gets a notice (no code), in the tenant's language, pointing to sign-in and reset.
    const notice = await mailTo(owner.email, since, 'signUpAttempt');
    expect(notice).toMatchObject({ tenant: aurora.id, medium: 'EMAIL', subject: `Someone tried to sign up on ${aurora.displayName} with your address` });
    expect(notice.text).toContain('/signIn');
    expect(notice.text).toContain('/forgotPassword');
    expect(mailsTo(owner.email, since).filter((m) => m.code)).toEqual([]);
    expect(mailsTo(fresh, since).map((m) => m.purpose)).toEqual(['SignUp']);

    // Confirming the fake sign-up fails exactly like a wrong code on a real one.
    const wrong = (email: string) => call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: email, ConfirmationCode: '123456' });
    const { code } = await waitForCode(fresh, since);
    const confirmNew = await call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: fresh, ConfirmationCode: code === '123456' ? '654321' : '123456' });
    const confirmTaken = await wrong(owner.email);
    expect(confirmNew.body).toEqual({ __type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' });
    expect({ status: confirmTaken.status, body: confirmTaken.body }).toEqual({ status: confirmNew.status, body: confirmNew.body });

    // Asking for a new code answers alike too, and sends the owner nothing.
    const resend = (email: string) => call(aurora, 'ResendConfirmationCode', { ClientId: clientId(aurora), Username: email });
    const resendSince = Date.now();
    const resendNew = await resend(fresh);
    const resendTaken = await resend(owner.email);
    expect(shape(resendTaken)).toEqual(shape(resendNew));
    expect(resendTaken.body.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskDestination(owner.email) });
    await waitForCode(fresh, resendSince);
    expect(mailsTo(owner.email, resendSince)).toEqual([]);
    // The owner's account is untouched: the password still signs in.
    expect((await signIn(aurora, owner.email, owner.password)).status).toBe(200);
  });

  it('writes the notice in the owner’s language, and sends it at most as often as codes may be sent', async () => {
    const limits: GatewayLimits = { ...roomy, send: { ...DEFAULT_LIMITS.send, account: { points: 1, windowSeconds: 3600 } } };
    const { server, port } = await serve(limits);
    try {
      const owner = await phoneUser(lumiere);
      const since = Date.now() - 1000;
      expect((await signUp(lumiere, owner.email, { port })).status).toBe(200);
      const french = await mailTo(owner.email, since, 'signUpAttempt');
      expect(french.subject).toBe(`Quelqu’un a tenté de s’inscrire sur ${lumiere.displayName} avec votre adresse`);
      // The answer stays the same when no notice goes out.
      const again = await signUp(lumiere, owner.email, { port });
      expect(again.status).toBe(200);
      expect(mailsTo(owner.email, since).filter((m) => m.purpose === 'signUpAttempt')).toHaveLength(1);

      // An owner who chose English on their profile gets it in English.
      const other = await phoneUser(lumiere);
      const sub = (await signIn(lumiere, other.email, other.password, port)).body.AuthenticationResult as { IdToken: string };
      const claims = JSON.parse(Buffer.from(sub.IdToken.split('.')[1], 'base64url').toString()) as { sub: string };
      await saveProfile(db, lumiere.id, claims.sub, { signInLanguageCode: 'en' });
      const otherSince = Date.now() - 1000;
      await signUp(lumiere, other.email, { port });
      expect((await mailTo(other.email, otherSince, 'signUpAttempt')).subject).toBe(`Someone tried to sign up on ${lumiere.displayName} with your address`);
    } finally {
      server.close();
    }
  });
});

/** The test database, with profile writes failing while `failing.on` (a DynamoDB fault on that one write). */
function faultyProfiles(): { db: Database; failing: { on: boolean } } {
  const failing = { on: false };
  const send = ((command: unknown) => {
    if (failing.on && command instanceof UpdateCommand && (command.input.Key as { sk?: string } | undefined)?.sk === 'PROFILE') {
      return Promise.reject(Object.assign(new Error('The server encountered an internal error trying to fulfill the request.'), { name: 'InternalServerError' }));
    }
    return db.doc.send(command as UpdateCommand);
  }) as Database['doc']['send'];
  return { db: { ...db, doc: { ...db.doc, send } as Database['doc'] }, failing };
}

const subOfReply = (reply: Reply) => String(reply.body.UserSub);

describe('identity gateway: a sign-up is never half-done', () => {
  it('its retry after a failed profile write completes the profile from the typed names, and never says the account exists', async () => {
    const faulty = faultyProfiles();
    const { server, port } = await serve(roomy, undefined, faulty.db);
    try {
      const email = `halfdone-${unique()}@example.com`;
      const since = Date.now() - 1000;
      faulty.failing.on = true;
      const first = await signUp(aurora, email, { port, names: ['Grace', 'Hopper'] });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const sub = subOfReply(first);
      await waitForCode(email, since);
      expect(await getProfile(db, aurora.id, sub)).toBeNull();

      faulty.failing.on = false;
      const retrySince = Date.now();
      const retry = await signUp(aurora, email, { port, names: ['Grace', 'Hopper'] });
      // It used to answer UsernameExistsException ("account exists") to the person's own retry.
      expect(shape(retry)).toEqual(shape(first));
      expect(await getProfile(db, aurora.id, sub)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
      // A new code, where the first went; it confirms the account.
      const code = (await waitForCode(email, retrySince)).code;
      expect((await call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: email, ConfirmationCode: code }, { port })).status).toBe(200);
      expect((await signIn(aurora, email, PASSWORD, port)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('the confirmation, or else the first sign-in, completes it', async () => {
    const faulty = faultyProfiles();
    const { server, port } = await serve(roomy, undefined, faulty.db);
    try {
      // Completed at confirmation.
      const confirmed = `confirmed-${unique()}@example.com`;
      let since = Date.now() - 1000;
      faulty.failing.on = true;
      const first = await signUp(aurora, confirmed, { port, names: ['Katherine', 'Johnson'] });
      faulty.failing.on = false;
      const code = (await waitForCode(confirmed, since)).code;
      expect((await call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: confirmed, ConfirmationCode: code }, { port })).status).toBe(200);
      expect(await getProfile(db, aurora.id, subOfReply(first))).toMatchObject({ firstName: 'Katherine', lastName: 'Johnson' });

      // DynamoDB still failing at confirmation: the first sign-in completes it.
      const signedIn = `signedin-${unique()}@example.com`;
      since = Date.now() - 1000;
      faulty.failing.on = true;
      const second = await signUp(aurora, signedIn, { port, names: ['Dorothy', 'Vaughan'] });
      const secondCode = (await waitForCode(signedIn, since)).code;
      expect((await call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: signedIn, ConfirmationCode: secondCode }, { port })).status).toBe(200);
      expect(await getProfile(db, aurora.id, subOfReply(second))).toBeNull();
      faulty.failing.on = false;
      expect((await signIn(aurora, signedIn, PASSWORD, port)).status).toBe(200);
      expect(await getProfile(db, aurora.id, subOfReply(second))).toMatchObject({ firstName: 'Dorothy', lastName: 'Vaughan' });
    } finally {
      server.close();
    }
  });

  it('a completion never overwrites what the person has set since', async () => {
    const email = `kept-${unique()}@example.com`;
    const since = Date.now() - 1000;
    const created = await signUp(aurora, email, { names: ['Ada', 'Lovelace'] });
    const sub = subOfReply(created);
    await saveProfile(db, aurora.id, sub, { firstName: 'Augusta' });
    const code = (await waitForCode(email, since)).code;
    expect((await call(aurora, 'ConfirmSignUp', { ClientId: clientId(aurora), Username: email, ConfirmationCode: code })).status).toBe(200);
    expect((await signIn(aurora, email, PASSWORD)).status).toBe(200);
    expect(await getProfile(db, aurora.id, sub)).toMatchObject({ firstName: 'Augusta', lastName: 'Lovelace', acceptedTerms: true });
  });
});
