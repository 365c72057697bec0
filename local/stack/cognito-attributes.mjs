// Contact attributes (email, phone_number) in cognito-local as Amazon Cognito handles them, for
// cognito-process.mjs's compatibility table. Event roles rest on a verified email
// (docs/decisions/0013-host-invitations.md), so the stand-in must not be easier to fool than Cognito:
//   - the pool's UserAttributeUpdateSettings.AttributesRequireVerificationBeforeUpdate is kept by
//     UpdateUserPool (cognito-local drops it) and returned by DescribeUserPool / CreateUserPool;
//   - UpdateUserAttributes keeps a listed attribute's original value active while the change is
//     pending, sends the code to the NEW address or number (cognito-local picks the phone whenever
//     the user has one), refuses an address or number another user holds (AliasExistsException),
//     and refuses email_verified / phone_number_verified (only verification or an admin sets them);
//   - a verification code is issued per attribute: the phone's code never verifies the email, and
//     VerifyUserAttribute applies only the pending value of the attribute it verifies (after
//     checking again that nobody else took it);
//   - ConfirmSignUp verifies the attribute the confirmation code went to;
//   - SignUp refuses the verification flags and a contact attribute another user holds;
//     AdminUpdateUserAttributes refuses the latter too.
// The ID token's email_verified is fixed where the tokens are made (cognito-process.mjs).

const CONTACT = ['email', 'phone_number'];
const FLAGS = ['email_verified', 'phone_number_verified'];

/**
 * @param {object} deps cognito-local's services and helpers (see cognito-process.mjs)
 * @returns {Record<string, (base: Function) => Function>} targets for the compatibility table
 */
export function contactAttributeTargets({ cognito, errors, messages, otp, clock, userPoolService, poolDefaults, selectDelivery, userFromAccessToken, maskPhone }) {
  const { attributeValue, attributesAppend, validatePermittedAttributeChanges } = userPoolService;
  const aliasExists = (name) => new errors.CognitoError('AliasExistsException', `An account with the given ${name} already exists.`);
  const normal = (name, value) => (name === 'email' ? String(value).trim().toLowerCase() : String(value).trim());

  /** Another user of the pool already holds this email or phone number (emails in any letter case). */
  async function assertAvailable(c, userPool, user, name, value) {
    const wanted = normal(name, value);
    const users = await userPool.listUsers(c);
    if (users.some((u) => u.Username !== user?.Username && attributeValue(name, u.Attributes) !== undefined && normal(name, attributeValue(name, u.Attributes)) === wanted)) {
      throw aliasExists(name);
    }
  }

  function refuseFlags(attributes) {
    if ((attributes ?? []).some((a) => FLAGS.includes(a.Name))) {
      throw new errors.InvalidParameterError('Cannot modify the verification status of an attribute; verify it with the code sent to it.');
    }
  }

  const verificationSettings = (userPool) => userPool.options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate ?? [];

  function checkUpdateSettings(req) {
    const list = req.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate;
    if (list !== undefined && (!Array.isArray(list) || list.some((name) => !CONTACT.includes(name)))) {
      throw new errors.InvalidParameterError('AttributesRequireVerificationBeforeUpdate accepts email and phone_number only.');
    }
  }

  /** Sends a fresh code for `name` to `destination` (purpose: the outbox's, as cognito-local names it); returns the delivery details (phones masked). */
  async function sendCode(c, purpose, userPool, user, name, destination, clientMetadata, codes) {
    const code = otp();
    codes[name] = code;
    const details = { AttributeName: name, DeliveryMedium: name === 'email' ? 'EMAIL' : 'SMS', Destination: destination };
    await messages.deliver(c, purpose, null, userPool.options.Id, user, code, clientMetadata, details);
    return { ...details, Destination: name === 'email' ? destination : maskPhone(destination) };
  }

  return {
    CreateUserPool: (base) => async (c, req) => {
      checkUpdateSettings(req);
      const out = await base(c, req);
      if (out?.UserPool && req.UserAttributeUpdateSettings) out.UserPool.UserAttributeUpdateSettings = req.UserAttributeUpdateSettings;
      return out;
    },

    /** Like Cognito, an UpdateUserPool without the setting clears it; with it, it is stored. */
    UpdateUserPool: (base) => async (c, req) => {
      checkUpdateSettings(req);
      const out = await base(c, req);
      const userPool = await cognito.getUserPool(c, req.UserPoolId);
      await userPool.updateOptions(c, { ...userPool.options, UserAttributeUpdateSettings: req.UserAttributeUpdateSettings });
      return out;
    },

    DescribeUserPool: (base) => async (c, req) => {
      const out = await base(c, req);
      const userPool = await cognito.getUserPool(c, req.UserPoolId);
      if (out?.UserPool && userPool.options.UserAttributeUpdateSettings) out.UserPool.UserAttributeUpdateSettings = userPool.options.UserAttributeUpdateSettings;
      return out;
    },

    SignUp: (base) => async (c, req) => {
      refuseFlags(req.UserAttributes);
      const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
      for (const a of req.UserAttributes ?? []) {
        if (CONTACT.includes(a.Name) && a.Value && normal(a.Name, a.Value) !== normal(a.Name, req.Username ?? '')) await assertAvailable(c, userPool, null, a.Name, a.Value);
      }
      return base(c, req);
    },

    /** An administrator may set the verification flags, but not give one user another's address or number. */
    AdminUpdateUserAttributes: (base) => async (c, req) => {
      const userPool = await cognito.getUserPool(c, req.UserPoolId);
      const user = await userPool.getUserByUsername(c, req.Username);
      for (const a of req.UserAttributes ?? []) {
        if (user && CONTACT.includes(a.Name) && a.Value && a.Value !== attributeValue(a.Name, user.Attributes)) await assertAvailable(c, userPool, user, a.Name, a.Value);
      }
      return base(c, req);
    },

    /** The code went to the attribute cognito-local's delivery picks; confirming it verifies that attribute. */
    ConfirmSignUp: (base) => async (c, req) => {
      const out = await base(c, req);
      const userPool = await cognito.getUserPoolForClientId(c, req.ClientId);
      const user = await userPool.getUserByUsername(c, req.Username);
      const delivered = user && selectDelivery(userPool.options.AutoVerifiedAttributes ?? [], user);
      if (delivered) {
        await userPool.saveUser(c, { ...user, Attributes: attributesAppend(user.Attributes, { Name: `${delivered.AttributeName}_verified`, Value: 'true' }) });
      }
      return out;
    },

    UpdateUserAttributes: () => async (c, req) => {
      const { userPool, user } = await userFromAccessToken(c, req.AccessToken);
      const requested = req.UserAttributes ?? [];
      refuseFlags(requested);
      validatePermittedAttributeChanges(requested, userPool.options.SchemaAttributes ?? poolDefaults.SchemaAttributes ?? []);
      const changed = requested.filter((a) => CONTACT.includes(a.Name) && a.Value && a.Value !== attributeValue(a.Name, user.Attributes));
      for (const a of changed) await assertAvailable(c, userPool, user, a.Name, a.Value);

      const held = verificationSettings(userPool);
      const pendingNow = changed.filter((a) => held.includes(a.Name));
      const immediate = requested.filter((a) => !pendingNow.includes(a) && !(CONTACT.includes(a.Name) && a.Value && !changed.includes(a)));
      const resetFlags = immediate.filter((a) => CONTACT.includes(a.Name)).map((a) => ({ Name: `${a.Name}_verified`, Value: a.Value ? 'false' : '' }));
      const pending = [...(user.UnverifiedAttributeChanges ?? []).filter((p) => !requested.some((a) => a.Name === p.Name)), ...pendingNow.map((a) => ({ Name: a.Name, Value: a.Value }))];
      const next = {
        ...user,
        Attributes: attributesAppend(user.Attributes, ...immediate, ...resetFlags),
        UnverifiedAttributeChanges: pending.length ? pending : undefined,
        UserLastModifiedDate: clock.get(),
      };
      const codes = { ...(user.AttributeVerificationCodes ?? {}) };
      const delivered = [];
      const autoVerified = userPool.options.AutoVerifiedAttributes ?? [];
      for (const a of changed) {
        if (autoVerified.includes(a.Name)) delivered.push(await sendCode(c, 'UpdateUserAttribute', userPool, next, a.Name, a.Value, req.ClientMetadata, codes));
      }
      await userPool.saveUser(c, { ...next, AttributeVerificationCodes: codes, AttributeVerificationCode: undefined });
      return { CodeDeliveryDetailsList: delivered };
    },

    /** Cognito sends the code for the attribute asked for, to its pending value if a change waits. */
    GetUserAttributeVerificationCode: () => async (c, req) => {
      const { userPool, user } = await userFromAccessToken(c, req.AccessToken);
      const name = req.AttributeName;
      if (!CONTACT.includes(name)) throw new errors.InvalidParameterError('Invalid attribute name. Only phone_number and email can be verified.');
      const destination = attributeValue(name, user.UnverifiedAttributeChanges) ?? attributeValue(name, user.Attributes);
      if (!destination) throw new errors.InvalidParameterError(`User does not have a valid registered ${name === 'email' ? 'email address' : 'phone number'}`);
      const codes = { ...(user.AttributeVerificationCodes ?? {}) };
      const details = await sendCode(c, 'VerifyUserAttribute', userPool, user, name, destination, req.ClientMetadata, codes);
      await userPool.saveUser(c, { ...user, AttributeVerificationCodes: codes, AttributeVerificationCode: undefined });
      return { CodeDeliveryDetails: details };
    },

    /** Only this attribute's own code verifies it; its pending value (if any) then takes effect. */
    VerifyUserAttribute: () => async (c, req) => {
      const { userPool, user } = await userFromAccessToken(c, req.AccessToken);
      const name = req.AttributeName;
      if (!CONTACT.includes(name)) throw new errors.InvalidParameterError('Invalid attribute name. Only phone_number and email can be verified.');
      const expected = user.AttributeVerificationCodes?.[name];
      if (!expected) throw new errors.ExpiredCodeError();
      if (req.Code !== expected) throw new errors.CodeMismatchError();
      const value = attributeValue(name, user.UnverifiedAttributeChanges) ?? attributeValue(name, user.Attributes);
      if (!value) throw new errors.InvalidParameterError(`User does not have a valid registered ${name === 'email' ? 'email address' : 'phone number'}`);
      await assertAvailable(c, userPool, user, name, value);
      const pending = (user.UnverifiedAttributeChanges ?? []).filter((a) => a.Name !== name);
      const codes = { ...user.AttributeVerificationCodes };
      delete codes[name];
      await userPool.saveUser(c, {
        ...user,
        Attributes: attributesAppend(user.Attributes, { Name: name, Value: value }, { Name: `${name}_verified`, Value: 'true' }),
        UnverifiedAttributeChanges: pending.length ? pending : undefined,
        AttributeVerificationCodes: codes,
        UserLastModifiedDate: clock.get(),
      });
      return {};
    },
  };
}
