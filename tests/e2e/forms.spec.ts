import { expect, tenantUrl, test } from './fixtures';

test('contact form shows field errors, keeps what was typed, then succeeds', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/contactUs'));
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Message').fill('short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('error-email')).toHaveText('Please enter a valid email address, such as name@example.com.');
  await expect(page.getByTestId('error-message')).toHaveText('Please write at least 10 characters.');
  // The summary at the top links to each field in error.
  await expect(page.getByRole('link', { name: /Email/ }).first()).toHaveAttribute('href', /#contactUs-email$/);
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Subject').fill('Analytical engine');
  await page.getByLabel('Message').fill('I would like to stream a lecture series.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();
  await expect(page.getByText('ada@example.com')).toBeVisible();
});

test('request-info form preselects the topic from the query and validates', async ({ page }) => {
  await page.goto(tenantUrl('aurora', '/requestInfo?topic=demo'));
  await expect(page.getByLabel('What are you interested in?')).toHaveValue('demo');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('error-name')).toHaveText('Please enter your name.');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Expected attendees per event').fill('-3');
  await page.getByLabel('Message').fill('We run monthly all-hands for 800 people.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('error-attendees')).toHaveText('Please enter a whole number between 1 and 1,000,000.');
  await expect(page.getByLabel('Message')).toHaveValue('We run monthly all-hands for 800 people.');
  await page.getByLabel('Expected attendees per event').fill('800');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();
});

test('the forms work in the tenant language', async ({ page }) => {
  await page.goto(tenantUrl('lumiere', '/contactUs'));
  await page.getByRole('button').filter({ hasText: /Envoyer/ }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
});
