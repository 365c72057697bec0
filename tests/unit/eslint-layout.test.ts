import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout rules' findings for `code` as if it were the file at `filePath`, under the project's
 * own ESLint config: where code lives (layout/imports) and who may touch the database and make a
 * TenantId (no-restricted-imports, no-restricted-syntax; docs/decisions/0018).
 */
const eslint = new ESLint();
const LAYOUT_RULES = new Set(['layout/imports', 'no-restricted-imports', 'no-restricted-syntax']);
async function layoutErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath} does not parse: ${fatal.message}`);
  return result!.messages.filter((m) => LAYOUT_RULES.has(m.ruleId ?? '')).map((m) => m.message);
}

type Case = { filename: string; code: string; errors?: Array<{ message: RegExp }> };
const error = (message: RegExp) => ({ message });

// Filenames are real paths of this repository: whether X.server.ts is a route's server half depends
// on X.tsx existing beside it.
const cases: { valid: Case[]; invalid: Case[] } = {
  valid: [
    { filename: 'app/routes/info/home.tsx', code: "import type { loader } from './home.server';\nexport { loader } from './home.server';" },
    { filename: 'app/routes/api/eventsToken.ts', code: "export { action, loader } from './eventsToken.server';" },
    { filename: 'app/root.tsx', code: "export { loader } from './root.server';" },
    { filename: 'app/routes/info/home.server.ts', code: "import { upcomingEvents } from '#server/screens/upcomingEvents.server';" },
    { filename: 'app/root.server.ts', code: "import { TRANSLATIONS } from '#server/i18n.server';" },
    { filename: 'app/entry.server.tsx', code: "import { TRANSLATIONS } from '#server/i18n.server';" },
    { filename: 'app/lib/events/model.ts', code: "import { z } from 'zod';\nimport { BREAKPOINTS } from '../breakpoints';" },
    { filename: 'server/site/articles.server.ts', code: "import type { ArticleListData } from '#app/components/content/Articles';\nimport { COLLECTION_ROUTES } from '#app/lib/content/collections';" },
    { filename: 'server/app.ts', code: "import { maxBodyBytesFor } from '#app/route-table.js';\nimport { pageCache } from './http/pageCache';" },
    { filename: 'tests/e2e/rooms.spec.ts', code: "import { LAYOUTS } from '#app/components/live/room/layouts';\nimport { E2E_PORT } from './stack';" },
    { filename: 'app/routes/api/livekitWebhook.server.test.ts', code: "import { createEvent } from '#server/events/data/events.server';" },
    { filename: 'remix.config.js', code: "import { ROUTES } from './app/route-table.js';" },
    { filename: 'server/rooms/data/hands.server.ts', code: "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport const q = (db: { doc: { send(c: unknown): unknown } }) => db.doc.send(new QueryCommand({ TableName: 't' }));" },
    { filename: 'server/events/data/events.server.test.ts', code: "import { PutCommand } from '@aws-sdk/lib-dynamodb';\nexport { PutCommand };" },
    { filename: 'tests/support/tenants.ts', code: "import type { TenantId } from '#app/lib/config/tenant';\nexport const testTenantId = (id: string) => id as TenantId;" },
    { filename: 'app/routes/events/shortUrl.server.ts', code: "export const find = (context: any) => context.data.events.byShortCode('abc');" },
    { filename: 'server/rooms/roomExpiry.server.ts', code: "import { tenantData } from '../data/tenantData.server';\nexport const events = (db: any, tenant: any) => tenantData({ db }, tenant.id).events;" },
    { filename: 'server/http/csvFile.server.ts', code: "import { stringify } from 'csv-stringify/sync';\nexport { stringify };" },
    { filename: 'local/stack/start.ts', code: "import { loadEnv } from '#server/env.server';\nimport { startLocalStack } from './stack';\nexport { loadEnv, startLocalStack };" },
    { filename: 'server/identity/session.test.ts', code: "import { localCognitoClient } from '#local/stack/cognito';\nexport { localCognitoClient };" },
    { filename: 'tests/support/payments.ts', code: "import { startTestPay } from '#local/testpay/start';\nexport { startTestPay };" },
    { filename: 'scripts/build.ts', code: "import { carryPreviousAssets } from './deploy/previousAssets';\nexport { carryPreviousAssets };" },
    // Features reach each other through their public surfaces; platform code reaches only lower layers (issue 26).
    { filename: 'server/media/screens/mediaLibrary.server.ts', code: "import { requireUser } from '#server/identity/index.server';\nimport { libraryPage } from '../library.server';\nimport { mediaFolder } from '#server/media/data/media.server';" },
    { filename: 'server/platform/storage.server.ts', code: "import type { Env } from '#server/env.server';\nimport { log } from '#server/observability/log.server';\nimport { markOutages } from './unavailable.server';" },
    { filename: 'server/media/access.server.test.ts', code: "import { requireUser } from '#server/identity/session.server';\nexport { requireUser };" },
    { filename: 'server/app.ts', code: "import { mergeGuestCartAtSignIn } from '#server/commerce/shop/cart.server';" },
    // A data module imports only the platform, app/lib and its own feature's data/ folder (docs/decisions/0071, 0072).
    { filename: 'server/events/data/eventSections.server.ts', code: "import type { Database } from '#server/platform/dynamo/dynamo.server';\nimport { SHOP_ID } from '#app/lib/shop/ids';\nimport { getChannel } from './channels.server';\nexport { getChannel, SHOP_ID, type Database };" },
  ],
  invalid: [
    { filename: 'app/components/account/SignInScreen.tsx', code: "import { getFixedT } from '#server/i18n.server';", errors: [error(/may not import '#server\/i18n.server'/)] },
    { filename: 'app/lib/rootData.ts', code: "import type { Services } from '#server/compose.server';", errors: [error(/app\/lib imports nothing from server/)] },
    { filename: 'app/routes/info/terms.tsx', code: "import { getFixedT } from '#server/i18n.server';", errors: [error(/route reaches server code through its <route>.server.ts/)] },
    { filename: 'app/routes/info/terms.tsx', code: "export { loader } from './home.server';", errors: [error(/only from its own/)] },
    { filename: 'app/components/events/EventCard.tsx', code: "import type { loader } from '../../routes/info/home.server';", errors: [error(/only from its own/)] },
    { filename: 'app/routes/info/terms.server.ts', code: "export { loader as homeLoader } from './home.server';", errors: [error(/share code through server/)] },
    { filename: 'app/lib/cache.server.ts', code: 'export const x = 1;', errors: [error(/Server-only modules live in server/)] },
    { filename: 'app/routes/info/helpers.server.ts', code: 'export const x = 1;', errors: [error(/Server-only modules live in server/)] },
    { filename: 'server/app.ts', code: "import { loader } from '#app/routes/info/home';", errors: [error(/never imports route modules/)] },
    { filename: 'server/app.ts', code: "import { loader } from '#app/root';", errors: [error(/never imports route modules/)] },
    { filename: 'server/events/eventCards.server.ts', code: "import { EventCardList } from '#app/components/events/EventCard';", errors: [error(/only types from components/)] },
    { filename: 'server/http/csp.server.ts', code: "import { safeRedirect } from '../../app/lib/safeRedirect';", errors: [error(/leaves server\//)] },
    { filename: 'tests/e2e/api.spec.ts', code: "const m = await import('../../server/services/events.server');\nexport { m };", errors: [error(/leaves tests\//)] },
    { filename: 'scripts/tenants-check.ts', code: "vi.mock('../server/config/check.server');", errors: [error(/leaves scripts\//)] },
    { filename: 'server/index.ts', code: "import { getFreePort } from '#local/stack/ports';\nexport { getFreePort };", errors: [error(/never imports local\/ \('#local\/stack\/ports'\)/)] },
    { filename: 'server/platform/payments/testProvider.server.ts', code: "export { signatureHeader } from '../../../local/testpay/signing';", errors: [error(/never imports local\/ \('..\/..\/..\/local\/testpay\/signing'\)/)] },
    { filename: 'server/app.ts', code: "const seed = await import('#local/stack/seed');\nexport { seed };", errors: [error(/never imports local\//)] },
    { filename: 'app/lib/playback/demo.ts', code: "import { makeSampleVideo } from '#local/stack/sampleVideo';\nexport { makeSampleVideo };", errors: [error(/never imports local\//)] },
    { filename: 'local/stack/stack.ts', code: "import { createDatabase } from '../../server/platform/dynamo/dynamo.server';\nexport { createDatabase };", errors: [error(/leaves local\//)] },
    { filename: 'app/routes/info/home.tsx', code: "import { meta } from '~/lib/meta';", errors: [error(/as '#app\/lib\/meta'/)] },
    { filename: 'server/rooms/moderation.server.ts', code: "import { UpdateCommand } from '@aws-sdk/lib-dynamodb';\nexport { UpdateCommand };", errors: [error(/only data modules \(a feature's data\/ folder, server\/data\/, server\/platform\/dynamo\/\) talk to DynamoDB/)] },
    { filename: 'local/stack/stack.ts', code: "import { ListTablesCommand } from '@aws-sdk/client-dynamodb';\nexport { ListTablesCommand };", errors: [error(/only data modules/)] },
    { filename: 'server/identity/identity.server.ts', code: "export const read = (db: any, command: unknown) => db.doc.send(command);", errors: [error(/document client \(db.doc\)/)] },
    { filename: 'bench/events.ts', code: "export const client = ({ doc }: any) => doc;", errors: [error(/document client \(db.doc\)/)] },
    { filename: 'app/routes/events/shortUrl.server.ts', code: "export const find = (context: any) => getEvent(context.services.db, context.tenant.id, 'abc');", errors: [error(/only through context.data/)] },
    { filename: 'server/site/homeSections.server.ts', code: "export function f(context: any) {\n  const { db } = context.services;\n  return db;\n}", errors: [error(/only through context.data/)] },
    { filename: 'server/chat/chatFiles.server.ts', code: "export const url = ({ services }: any) => services.storage.bucket;", errors: [error(/only through context.data/)] },
    { filename: 'server/events/eventCards.server.ts', code: "import type { TenantId } from '#app/lib/config/tenant';\nexport const t = 'aurora' as TenantId;", errors: [error(/Only tenant resolution makes a TenantId/)] },
    { filename: 'app/routes/events/scheduleEvents.server.ts', code: "import { EventConflictError } from '#server/events/data/events.server';\nexport const conflict = (e: unknown) => e instanceof EventConflictError;", errors: [error(/recognise an error by name/)] },
    { filename: 'server/events/data/events.server.test.ts', code: "import type { TenantId } from '#app/lib/config/tenant';\nexport const t = <TenantId>'aurora';", errors: [error(/never cast to one/)] },
    { filename: 'server/commerce/payments/payoutsScreen.server.ts', code: "import { stringify } from 'csv-stringify/sync';\nexport { stringify };", errors: [error(/written by server\/http\/csvFile.server.ts/)] },
    { filename: 'server/platform/mail.server.ts', code: "import { stringify } from 'csv-stringify';\nexport { stringify };", errors: [error(/written by server\/http\/csvFile.server.ts/)] },
    { filename: 'server/platform/video.server.ts', code: "import type { Admitted } from '#server/entitlement/admission.server';", errors: [error(/Platform code imports no feature/)] },
    { filename: 'server/platform/payments/providers.server.ts', code: "import { providerOf } from '../../commerce/index.server';", errors: [error(/Platform code imports no feature/)] },
    { filename: 'server/platform/mail.server.ts', code: "import { tenantData } from '#server/data/tenantData.server';", errors: [error(/Platform code imports no feature/)] },
    { filename: 'server/media/screens/mediaLibrary.server.ts', code: "import { requireUser } from '#server/identity/session.server';", errors: [error(/reaches inside the identity feature: import it from '#server\/identity\/index.server'/)] },
    { filename: 'server/chat/hub.server.ts', code: "import { admitToRoom } from '../entitlement/admission.server';", errors: [error(/reaches inside the entitlement feature/)] },
    { filename: 'server/platform/video.server.ts', code: "import type { Services } from '#server/services';", errors: [error(/Platform code imports no feature/)] },
    { filename: 'server/events/data/channels.server.ts', code: "import { newShopId } from '#server/commerce/index.server';", errors: [error(/A data module imports only the platform, app\/lib and its own feature's data\/ folder/)] },
    { filename: 'server/commerce/data/commerceSections.server.ts', code: "import { getChannel } from '../../events/index.server';", errors: [error(/A data module imports only/)] },
    { filename: 'server/commerce/data/orders.server.ts', code: "import { startCheckout } from '../payments/checkout.server';", errors: [error(/A data module imports only/)] },
    { filename: 'server/media/data/media.server.ts', code: "import { tenantData } from '#server/data/tenantData.server';", errors: [error(/A data module imports only/)] },
  ],
};

describe('layout rules (eslint-layout.js, eslint.config.js)', () => {
  it.each(cases.valid)('allows $filename: $code', async ({ filename, code }) => {
    expect(await layoutErrors(filename, code)).toEqual([]);
  });
  it.each(cases.invalid)('refuses $filename: $code', async ({ filename, code, errors }) => {
    const found = await layoutErrors(filename, code);
    expect(found).toHaveLength(errors!.length);
    errors!.forEach((e, i) => expect(found[i]).toMatch(e.message));
  });
});
