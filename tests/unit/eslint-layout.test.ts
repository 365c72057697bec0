import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The layout rule's findings for `code` as if it were the file at `filePath`, under the project's own ESLint config. */
const eslint = new ESLint();
async function layoutErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = result!.messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath} does not parse: ${fatal.message}`);
  return result!.messages.filter((m) => m.ruleId === 'layout/imports').map((m) => m.message);
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
    { filename: 'server/screens/articles.server.ts', code: "import type { ArticleListData } from '#app/components/content/Articles';\nimport { COLLECTION_ROUTES } from '#app/lib/content/collections';" },
    { filename: 'server/app.ts', code: "import { maxBodyBytesFor } from '#app/route-table.js';\nimport { pageCache } from './http/pageCache';" },
    { filename: 'tests/e2e/rooms.spec.ts', code: "import { LAYOUTS } from '#app/components/live/room/layouts';\nimport { E2E_PORT } from './stack';" },
    { filename: 'app/routes/api/livekitWebhook.server.test.ts', code: "import { createEvent } from '#server/data/events.server';" },
    { filename: 'remix.config.js', code: "import { ROUTES } from './app/route-table.js';" },
  ],
  invalid: [
    { filename: 'app/components/account/SignInScreen.tsx', code: "import { getFixedT } from '#server/i18n.server';", errors: [error(/may not import '#server\/i18n.server'/)] },
    { filename: 'app/lib/rootData.ts', code: "import type { Services } from '#server/services/index.server';", errors: [error(/app\/lib imports nothing from server/)] },
    { filename: 'app/routes/info/terms.tsx', code: "import { getFixedT } from '#server/i18n.server';", errors: [error(/route reaches server code through its <route>.server.ts/)] },
    { filename: 'app/routes/info/terms.tsx', code: "export { loader } from './home.server';", errors: [error(/only from its own/)] },
    { filename: 'app/components/events/EventCard.tsx', code: "import type { loader } from '../../routes/info/home.server';", errors: [error(/only from its own/)] },
    { filename: 'app/routes/info/terms.server.ts', code: "export { loader as homeLoader } from './home.server';", errors: [error(/share code through server/)] },
    { filename: 'app/lib/cache.server.ts', code: 'export const x = 1;', errors: [error(/Server-only modules live in server/)] },
    { filename: 'app/routes/info/helpers.server.ts', code: 'export const x = 1;', errors: [error(/Server-only modules live in server/)] },
    { filename: 'server/app.ts', code: "import { loader } from '#app/routes/info/home';", errors: [error(/never imports route modules/)] },
    { filename: 'server/app.ts', code: "import { loader } from '#app/root';", errors: [error(/never imports route modules/)] },
    { filename: 'server/screens/eventCards.server.ts', code: "import { EventCardList } from '#app/components/events/EventCard';", errors: [error(/only types from components/)] },
    { filename: 'server/http/csp.server.ts', code: "import { safeRedirect } from '../../app/lib/safeRedirect';", errors: [error(/leaves server\//)] },
    { filename: 'tests/e2e/api.spec.ts', code: "const m = await import('../../server/services/events.server');\nexport { m };", errors: [error(/leaves tests\//)] },
    { filename: 'scripts/tenants-check.ts', code: "vi.mock('../server/config/check.server');", errors: [error(/leaves scripts\//)] },
    { filename: 'app/routes/info/home.tsx', code: "import { meta } from '~/lib/meta';", errors: [error(/as '#app\/lib\/meta'/)] },
  ],
};

describe('layout/imports (eslint-layout.js)', () => {
  it.each(cases.valid)('allows $filename: $code', async ({ filename, code }) => {
    expect(await layoutErrors(filename, code)).toEqual([]);
  });
  it.each(cases.invalid)('refuses $filename: $code', async ({ filename, code, errors }) => {
    const found = await layoutErrors(filename, code);
    expect(found).toHaveLength(errors!.length);
    errors!.forEach((e, i) => expect(found[i]).toMatch(e.message));
  });
});
