import { ERROR_TRANSLATION_KEYS, FIELD_MESSAGES } from '@preffy/api';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  type Language,
  NAMESPACES,
  i18n,
  loadCatalogue,
  setLanguage,
  translateServerMessage,
} from './index.ts';

type Tree = { [key: string]: string | Tree };
// Every language's catalogue, as the app loads each when it is chosen.
const resources = Object.fromEntries(
  await Promise.all(
    (Object.keys(LANGUAGES) as Language[]).map(async (language) => [language, await loadCatalogue(language)]),
  ),
) as Record<Language, Awaited<ReturnType<typeof loadCatalogue>>>;
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A key without its plural suffix: languages have different plural forms of the same text. */
const base = (key: string) => key.replace(PLURAL, '');

describe('translations', () => {
  const uiNamespaces = (language: Language) =>
    Object.fromEntries(NAMESPACES.map((ns) => [ns, resources[language][ns]])) as Tree;
  const english = leaves(uiNamespaces('en'));
  // The field messages the app translates: the contract's FIELD_MESSAGES, by key.
  const fieldMessageKeys = Object.keys(FIELD_MESSAGES).sort();

  for (const language of Object.keys(LANGUAGES) as Language[]) {
    it(`${language} has every UI string, none empty, with the same placeholders`, () => {
      const strings = leaves(uiNamespaces(language));
      const keys = (map: Map<string, string>) => [...new Set([...map.keys()].map(base))].sort();
      expect(keys(strings)).toEqual(keys(english));
      // A plural text has exactly the forms the language's plural rules use (Russian: one, few, many, other).
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const key of new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(base)))
        expect([...strings.keys()].filter((k) => base(k) === key && PLURAL.test(k)).sort(), key).toEqual(
          forms.map((form) => `${key}_${form}`).sort(),
        );
      for (const [key, value] of strings) {
        expect(value.trim(), key).not.toBe('');
        const reference = english.get(key) ?? english.get(`${base(key)}_other`)!;
        expect(placeholders(value), key).toEqual(placeholders(reference));
      }
    });
    it(`${language} has a text for every error code and reason of the contract`, () => {
      const strings = leaves(uiNamespaces(language));
      expect(ERROR_TRANSLATION_KEYS.filter((key) => !strings.has(`common.${key}`))).toEqual([]);
    });
    // English shows the server's own words: the contract's record is its catalogue.
    if (language === 'en')
      it('en takes its field messages from the contract', () => {
        expect(resources.en.server).toEqual(FIELD_MESSAGES);
      });
    else
      it(`${language} translates every field message`, () => {
        const server = leaves(resources[language].server);
        expect([...server.keys()].sort()).toEqual(fieldMessageKeys);
      });
  }

  /**
   * A text left in English in another language's file: only names and words that really are the
   * same there (cognates and loanwords users know) may equal the English text.
   */
  const SAME_IN_EVERY_LANGUAGE = new Set([
    'Genni Direct OB Form',
    'HTML',
    'Instagram',
    'PayPal',
    'PayPal: {{status}}',
    'Preffy Admin',
    'Spotify',
    'TikTok',
    '{{balance}} ÷ {{amount}}',
    '{{email}}',
    '{{from}} – {{to}} ({{zone}})',
    '{{title}} ({{detail}})',
  ]);
  const SAME_IN: Record<Exclude<Language, 'en'>, string[]> = {
    es: [
      'Asia',
      'Avatar',
      'Horizontal',
      'Marketing',
      'Total',
      'Total: {{amount}}',
      'Total: {{total}}',
      'Vertical',
    ],
    de: [
      'Administrator',
      'Creator',
      'Creators',
      'Details',
      'Handle',
      'Horizontal',
      'Hybrid',
      'Like',
      'Likes',
      'Link',
      'Links',
      'Love',
      'Marketing',
      'Name',
      'Partner',
      'Problem',
      'Song',
      'Status',
      'Website',
    ],
    it: [
      'Africa',
      'Asia',
      'Creator',
      'Email',
      'File',
      'Handle',
      'Link',
      'Marketing',
      'Menu',
      'Oceania',
      'Partner',
      'Password',
      'Report',
      'Social media',
      'Staff',
      '{{count}} post',
    ],
    ru: [],
  };
  for (const language of ['es', 'de', 'it', 'ru'] as const) {
    it(`${language} leaves nothing in English but names and shared words`, () => {
      const strings = leaves(uiNamespaces(language));
      const untranslated = [...strings]
        .filter(([key, value]) => english.get(key) === value && value.length > 3)
        // Only placeholders and punctuation ('{{days}} {{hours}}'): nothing to translate.
        .filter(([, value]) => /\p{L}/u.test(value.replace(/\{\{\w+\}\}/g, '')))
        .filter(([, value]) => !SAME_IN_EVERY_LANGUAGE.has(value) && !SAME_IN[language].includes(value));
      expect(untranslated).toEqual([]);
    });
  }

  it('translates field messages by their key, and leaves unknown ones as written', async () => {
    await setLanguage('de');
    expect(translateServerMessage('Email is not valid!')).toBe('Die E-Mail-Adresse ist ungültig!');
    expect(translateServerMessage('Something new: with a colon.')).toBe('Something new: with a colon.');
    expect(i18n.t('calendar:nav.calendar')).toBe('Kalender');
    await setLanguage('en');
    expect(translateServerMessage('Email is not valid!')).toBe('Email is not valid!');
  });

  it('keeps the spec wording for the error pages in English', () => {
    expect(english.get('common.errors.notFound')).toBe(
      'Sorry! the page you are looking for could not be found',
    );
    expect(english.get('common.errors.serverError')).toBe(
      'Sorry! something went wrong, please contact our support team',
    );
  });
});
