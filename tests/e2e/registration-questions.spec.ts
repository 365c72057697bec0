import { DateTime } from 'luxon';
import type { Page } from '@playwright/test';
import { expect, tenantUrl, test } from './fixtures';
import { testMark } from './marks';
import { createUser, hydrated, signInContext } from './session-helpers';

/**
 * Registration questions (docs/decisions/0083): an organizer of a French-first site adds a required
 * short text and a required choice (French text required, English optional), reorders and removes
 * with the keyboard's buttons; a participant reading in English must answer before registering, a
 * bad answer shows its field error and keeps what was typed; the organizer's CSV has the answers.
 */
const T = 'lumiere';
const field = (page: Page, name: string) => page.locator(`#event-${name}`);
const row = (page: Page, n: number) => page.getByTestId('question-row').nth(n);

test.describe('registration questions', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
  });

  test('the organizer asks, the participant must answer, the CSV holds the answers', async ({ page, context, request, browser }) => {
    test.setTimeout(180_000);
    const [orgUser, parUser] = await Promise.all([createUser(T, 'regq-org', 'organizer'), createUser(T, 'regq-par')]);
    await signInContext(context, request, orgUser);
    const title = `Questions night ${testMark()}`;
    const day = DateTime.now().setZone('Europe/Paris').plus({ days: 10 }).toFormat('yyyy-MM-dd');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(tenantUrl(T, '/scheduleEvents'));
    await hydrated(page);
    await field(page, 'title').fill(title);
    await field(page, 'date').fill(day);
    await field(page, 'time').fill('19:00');
    await field(page, 'eventTimeZone').fill('Europe/Paris');
    await field(page, 'capacity').fill('50');
    const editor = page.getByTestId('questions-editor');
    await expect(editor.getByTestId('questions-empty')).toBeVisible();

    // Two questions, then a third moved up with its button and removed again.
    await editor.getByTestId('question-add').click();
    await expect(row(page, 0).getByTestId('question-kind')).toBeFocused();
    await row(page, 0).getByTestId('question-label-fr').fill('Votre entreprise');
    await row(page, 0).getByTestId('question-label-en').fill('Your company');
    await row(page, 0).getByTestId('question-required').check();
    await editor.getByTestId('question-add').click();
    await row(page, 1).getByTestId('question-kind').selectOption('singleChoice');
    await row(page, 1).getByTestId('question-label-en').fill('Track');
    await row(page, 1).getByTestId('question-options-fr').fill('Débutant\nAvancé');
    await row(page, 1).getByTestId('question-options-en').fill('Beginner\nAdvanced');
    await row(page, 1).getByTestId('question-required').check();
    await editor.getByTestId('question-add').click();
    await row(page, 2).getByTestId('question-label-fr').fill('À retirer');
    await row(page, 2).getByTestId('question-up').click();
    await expect(row(page, 1).getByTestId('question-label-fr')).toHaveValue('À retirer');
    await expect(row(page, 1).getByTestId('question-up')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row(page, 0).getByTestId('question-label-fr')).toHaveValue('À retirer');
    await row(page, 0).getByTestId('question-remove').click();
    await expect(page.getByTestId('question-row')).toHaveCount(2);
    await expect(row(page, 0).getByTestId('question-label-fr')).toHaveValue('Votre entreprise');

    // The choice has no French text yet: refused, named beside the question, everything kept.
    await page.getByTestId('event-submit').click();
    await expect(editor.getByTestId('error-registrationQuestions')).toHaveText('Please write the question in the site’s main language.');
    await expect(row(page, 1).getByTestId('question-error')).toBeVisible();
    await expect(row(page, 0).getByTestId('question-error')).toHaveCount(0);
    await expect(row(page, 1).getByTestId('question-options-en')).toHaveValue('Beginner\nAdvanced');
    await row(page, 1).getByTestId('question-label-fr').fill('Parcours');
    await editor.screenshot({ path: '/tmp/registration-editor-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await editor.scrollIntoViewIfNeeded();
    await editor.screenshot({ path: '/tmp/registration-editor-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('event-submit').click();
    await expect(page).toHaveURL(/\/scheduleEvents\?event=[a-z0-9]{12}&saved=1/);
    const eventId = new URL(page.url()).searchParams.get('event')!;
    await expect(page.getByTestId('question-row')).toHaveCount(2);

    // The participant reads the questions in English and must answer them.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await other.addCookies([{ name: 'lng', value: 'en', domain: `${T}.localhost`, path: '/' }]);
    await signInContext(other, request, parUser);
    const visitor = await other.newPage();
    await visitor.goto(tenantUrl(T, `/preview?event=${eventId}`));
    await hydrated(visitor);
    const questions = visitor.getByTestId('registration-questions');
    await expect(questions).toContainText('Your company');
    await expect(questions).toContainText('Track');
    const company = questions.getByLabel('Your company');
    const track = questions.getByLabel('Track');
    await company.fill('x'.repeat(201));
    await visitor.getByTestId('register').click();
    await expect(questions.getByTestId('answers-problem')).toBeVisible();
    await expect(questions.locator('[id$="-error"]').first()).toHaveText('Please use at most 200 characters.');
    await expect(questions.locator('[id$="-error"]').nth(1)).toHaveText('Please answer this question.');
    await expect(company).toHaveValue('x'.repeat(201));
    await expect(company).toBeFocused();
    await questions.screenshot({ path: '/tmp/registration-form-390.png' });
    await company.fill('Acme Corp');
    await track.selectOption({ label: 'Advanced' });
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await questions.screenshot({ path: '/tmp/registration-form-1280.png' });
    await visitor.getByTestId('register').click();
    await expect(visitor.getByTestId('access-holding')).toBeVisible();
    await expect(visitor.getByTestId('registration-questions')).toHaveCount(0);
    // Only the organizer and hosts read someone's answers.
    const answersPath = `/api/registration/answers?event=${eventId}&user=${encodeURIComponent(parUser.sub)}`;
    expect(await visitor.evaluate(async (path) => (await fetch(path)).status, answersPath)).toBe(403);
    await other.close();

    // The organizer downloads the registrations: the answers, under the questions' main-language text.
    await page.goto(tenantUrl(T, `/scheduleEvents?event=${eventId}`));
    await hydrated(page);
    await expect(page.getByTestId('questions-kept')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('registrations-download').click()]);
    const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const [header, first] = csv.trim().split('\n');
    expect(header).toBe('Name,Email,Registered at,Kind,Votre entreprise,Parcours');
    expect(first).toContain(parUser.username);
    expect(first).toMatch(/,Registration,Acme Corp,Avancé$/);

    // The hosts' view of one person's answers (the room's participants list, the waiting room): each question as asked.
    const answers = await page.evaluate(async (path) => {
      const res = await fetch(path);
      return { status: res.status, body: (await res.json()) as unknown };
    }, answersPath);
    expect(answers.status).toBe(200);
    expect(answers.body).toEqual({ answers: [{ question: 'Votre entreprise', answer: 'Acme Corp' }, { question: 'Parcours', answer: 'Avancé' }] });
  });
});
