/**
 * Every upload screen at phone (390 px) and desktop (1280 px) width, in English, Spanish and
 * French: its heading, the limits before uploading and the uploader, nothing wider than the
 * screen, and the uploader reachable from the keyboard. Screenshots are attached for review.
 */
import { demoAccount } from './identity';
import { expect, pageHydrated, tenantUrl, test } from './fixtures';
import { createUser, signInContext, type TestUser } from './session-helpers';

const SCREENS = [
  { path: '/uploadS3', en: 'Upload files', es: 'Subir archivos', fr: 'Envoyer des fichiers' },
  { path: '/uploadS3Media', en: 'Upload audio and video', es: 'Subir audio y video', fr: 'Envoyer de l’audio et de la vidéo' },
  { path: '/uppyFileUpload', en: 'Drag and drop files', es: 'Arrastra y suelta archivos', fr: 'Glisser-déposer des fichiers' },
  { path: '/directUpload', en: 'Direct upload', es: 'Subida directa', fr: 'Envoi direct' },
  { path: '/uploadSystemMedia', en: 'System media', es: 'Medios del sistema', fr: 'Médias système', system: true },
  { path: '/systemImageUpload', en: 'System images', es: 'Imágenes del sistema', fr: 'Images système', system: true },
] as const;

/** Each language on a sample tenant that speaks it (system screens: the platform admin's tenant only). */
const LANGUAGES = [
  { lang: 'en', tenant: 'aurora', locale: 'en-US', rules: 'Before you upload' },
  { lang: 'es', tenant: 'solana', locale: 'es-ES', rules: 'Antes de subir' },
  { lang: 'fr', tenant: 'lumiere', locale: 'fr-FR', rules: 'Avant d’envoyer' },
] as const;

for (const { lang, tenant, locale, rules } of LANGUAGES) {
  test.describe(`upload screens in ${lang}`, () => {
    test.use({ locale });
    let member: TestUser;
    test.beforeAll(async () => {
      member = await createUser(tenant, `screens-${lang}`, 'organizer');
    });

    for (const screen of SCREENS.filter((s) => !('system' in s) || tenant === 'aurora')) {
      test(`${screen.path} at 390 and 1280 px`, async ({ page, context, request }, info) => {
        const demo = demoAccount('aurora', 'admin');
        const user = 'system' in screen ? { tenant: 'aurora', username: demo.username, password: demo.password, sub: '', name: 'Demo admin' } : member;
        await signInContext(context, request, user);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(tenantUrl(tenant, screen.path));
          await pageHydrated(page);
          await expect(page.getByRole('heading', { level: 1, name: screen[lang] })).toBeVisible();
          if (screen.path === '/directUpload') await expect(page.getByTestId('direct-file')).toBeEnabled();
          else {
            await expect(page.getByTestId('upload-rules')).toContainText(rules);
            await expect(page.locator('.uppy-Dashboard-browse')).toBeVisible();
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await info.attach(`${screen.path.slice(1)}-${lang}-${width}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
        }
        // Keyboard: the uploader's own "browse" control (or the file input) takes the focus.
        const target = screen.path === '/directUpload' ? page.getByTestId('direct-file') : page.locator('.uppy-Dashboard-browse').first();
        await target.focus();
        await expect(target).toBeFocused();
      });
    }
  });
}
