import { expect, tenantUrl, test } from './fixtures';
import { e2eMediaData } from './library-helpers';
import { createUser, hydrated, signInContext } from './session-helpers';
import { seedMediaItem } from '#tests/support/media';
import { testMark } from './marks';

/** Language details: French punctuation in labels built in JSX, and no address shown as a name. */
const NNBSP = '\u202f';

test('Lumière’s footer and language page put the narrow space before the colon', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/'));
  const footer = page.getByTestId('site-footer');
  await expect(footer).toContainText(`Contact${NNBSP}:`);
  await expect(footer).not.toContainText('Contact:');
  await page.goto(tenantUrl('lumiere', '/changeLanguage'));
  await expect(page.getByText(/^Langue actuelle/)).toContainText(`Langue actuelle${NNBSP}:`);
});

test('an item whose stored owner is an email address is shown under a neutral name, never the address', async ({ page, context, request }) => {
  const owner = await createUser('aurora', 'addr', 'organizer');
  const viewer = await createUser('aurora', 'viewer');
  const address = `organizer-${testMark().toLowerCase()}@aurora.demo.example`;
  const item = await seedMediaItem(e2eMediaData('aurora'), { kind: 'audio', owner: { sub: owner.sub, name: address }, title: `Jingle ${testMark()}`, visibility: 'tenant' });
  await context.addCookies([{ name: 'lng', value: 'en', domain: 'aurora.localhost', path: '/' }]);
  await signInContext(context, request, viewer);
  await page.goto(tenantUrl('aurora', `/listenerMediaPlayback?mediaId=${item.id}`));
  await hydrated(page);
  await expect(page.getByTestId('item-owner')).toContainText('By a member');
  await expect(page.locator('body')).not.toContainText('@aurora.demo.example');
});
