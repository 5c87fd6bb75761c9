import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe.configure({ timeout: 60_000 });

test('staff add a source with Edit lists, the public form offers it; removed (confirmed), it is gone', async ({
  page,
  browser,
}) => {
  let source = `Podcast ${`${Date.now()}`.slice(-8)}`;
  // The public form, in a session of its own (a prospect is not signed in).
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  const offeredSources = async () => {
    await form.goto('/inquire');
    await form.getByRole('combobox', { name: 'Source' }).click();
    await expect(form.getByRole('option', { name: 'Website' })).toBeVisible();
    return form.getByRole('option', { name: source });
  };

  await signIn(page);
  await page.goto('/inquiries');
  await page.getByRole('button', { name: 'Edit lists' }).click();
  const dialog = page.getByRole('dialog', { name: "The contact form's lists" });
  const sources = dialog.getByRole('region', { name: 'Source' });
  await expect(sources.getByRole('textbox', { name: 'Rename Website' })).toBeVisible();

  // Add with the keyboard: type, Enter.
  const add = sources.getByRole('textbox', { name: 'New source' });
  await add.fill(source);
  await add.press('Enter');
  await expect(sources.getByRole('textbox', { name: `Rename ${source}` })).toHaveValue(source);
  await expect(add).toHaveValue('');
  // The list refuses it twice, at the field.
  await add.fill(source.toUpperCase());
  await add.press('Enter');
  await expect(sources.getByText('This list already has this option')).toBeVisible();
  await add.fill('');

  await expect(await offeredSources()).toBeVisible();

  // Move it up one with the keyboard: it now comes before Other, and focus stays on the button.
  const names = () =>
    sources
      .getByRole('textbox', { name: /^Rename / })
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
  await expect.poll(names).toEqual(['Website', 'Referral', 'Social media', 'Event', 'Other', source]);
  await sources.getByRole('button', { name: `Move ${source} up` }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual(['Website', 'Referral', 'Social media', 'Event', source, 'Other']);
  await expect(sources.getByRole('button', { name: `Move ${source} up` })).toBeFocused();
  // Rename in place: Enter saves.
  const renamed = `${source} live`;
  const field = sources.getByRole('textbox', { name: `Rename ${source}` });
  await field.fill(renamed);
  await field.press('Enter');
  await expect(sources.getByRole('textbox', { name: `Rename ${renamed}` })).toHaveValue(renamed);
  source = renamed;

  // Remove it: asked first; Cancel keeps it.
  await sources.getByRole('button', { name: `Remove ${source}` }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(sources.getByRole('textbox', { name: `Rename ${source}` })).toBeVisible();
  await sources.getByRole('button', { name: `Remove ${source}` }).click();
  await expect(page.getByText(`Remove ${source} from the list?`)).toBeVisible();
  await page.getByTestId('confirm-remove-option').click();
  await expect(sources.getByRole('textbox', { name: `Rename ${source}` })).toHaveCount(0);

  await expect(await offeredSources()).toHaveCount(0);
  await visitor.close();
});
