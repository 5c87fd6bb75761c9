import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { auth } from '@preffy/api';
import { adminApi, signIn } from './helpers.ts';
import { createCompetition } from './records.ts';

/**
 * Every screen in Spanish and Russian: no text from our English catalogue where a translation
 * exists, and no badge cut short (its text wider than its box).
 */
const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/lib/i18n/locales');
type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}
function catalogue(language: string): Map<string, string> {
  const dir = path.join(LOCALES, language);
  return new Map(
    readdirSync(dir)
      .filter((file) => file !== 'server.json')
      .flatMap((file) => leaves(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree, `${file}:`)),
  );
}
const english = catalogue('en');

/** English texts that the language translates differently: seeing one means a missed translation. */
function englishLeftovers(language: string): Set<string> {
  const translated = catalogue(language);
  return new Set(
    [...english]
      .filter(([key, value]) => !value.includes('{{') && value.length > 3 && translated.get(key) !== value)
      .map(([, value]) => value),
  );
}

/** What a user reads or hears on the page: the visible lines and the accessible names. */
async function readable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = document.body.innerText.split('\n').map((line) => line.trim());
    const names = Array.from(document.querySelectorAll('[aria-label],[placeholder],[title]')).flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [...lines, ...names].filter(Boolean);
  });
}

async function truncatedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label'))
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
}

for (const language of ['es', 'ru'] as const) {
  test(`every screen in ${language}: no English text from our catalogue, no badge cut short`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const api = await adminApi(baseURL!);
    const competition = await createCompetition(api, {
      name: `Traducción ${Date.now()}`,
      invoiceAmount: 3000,
    });
    // The admin's own name is data, not our text (the first admin is called 'Administrator').
    const { user } = await api.call(auth.me);
    await api.dispose();

    await page.addInitScript((lang) => localStorage.setItem('preffy.language', lang), language);
    await signIn(page);
    const leftovers = englishLeftovers(language);
    leftovers.delete(user.name);
    const id = competition.id;
    const screens = [
      '/dashboard',
      '/preffy/view',
      '/preffy/view?tab=upcoming',
      '/preffy/posts',
      '/preffy/add',
      `/edit?id=${id}`,
      '/preffy/calendar',
      '/preffy/finish',
      '/preffy/winners',
      '/preffy/payments',
      '/preffy/promotion',
      '/preffy/analytics',
      '/inquiries',
      '/preffy/email',
      '/preffy/outbox',
      '/admin/users',
      '/admin/partner-keys',
      '/admin/import',
      '/admin/integrity',
      '/profile',
      `/update?id=${id}`,
      `/correct?id=${id}`,
      `/table-update?id=${id}`,
      `/preffy/manual?id=${id}`,
      '/preffy/referrals',
      `/reports?id=${id}`,
    ];
    const found: string[] = [];
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const text of await readable(page)) if (leftovers.has(text)) found.push(`${screen}: "${text}"`);
      for (const badge of await truncatedBadges(page)) found.push(`${screen}: badge cut short "${badge}"`);
    }
    expect([...new Set(found)]).toEqual([]);
  });
}
