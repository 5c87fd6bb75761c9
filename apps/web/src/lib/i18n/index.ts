import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { serverMessages } from './server-messages.ts';

export const LANGUAGES = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
  ru: 'Русский',
} as const;
export type Language = keyof typeof LANGUAGES;

/**
 * One namespace per feature plus `common` (the shell, tables, errors, words every screen uses)
 * and `server` (the server's messages, keyed by their English text). Files live in
 * locales/<language>/<namespace>.json; English is the reference (see i18n.test.ts).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'calendar',
  'competitions',
  'email',
  'entries',
  'partners',
  'public',
  'users',
  'apiDocs',
  'review',
  'posts',
  'winners',
  'payments',
  'finish',
  'promotions',
  'inquiries',
  'inquiryOptions',
  'dashboard',
  'analytics',
  'reports',
  'account',
  'layout',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const load = (language: Language, namespace: Namespace | 'server'): Tree =>
  files[`./locales/${language}/${namespace}.json`] ?? {};

const englishServer: Tree = Object.fromEntries(serverMessages.map((m) => [m, m]));
export const resources = Object.fromEntries(
  (Object.keys(LANGUAGES) as Language[]).map((language) => [
    language,
    {
      ...Object.fromEntries(NAMESPACES.map((ns) => [ns, load(language, ns)])),
      server: language === 'en' ? englishServer : load(language, 'server'),
    },
  ]),
) as Record<Language, Record<Namespace | 'server', Tree>>;

const STORAGE_KEY = 'preffy.language';
const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

void i18next.use(initReactI18next).init({
  resources,
  ns: [...NAMESPACES, 'server'],
  defaultNS: 'common',
  // A feature's screens name shared words (Cancel, table labels) without a prefix.
  fallbackNS: 'common',
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export const i18n = i18next;

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export async function setLanguage(language: string) {
  if (!isLanguage(language)) return;
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** A message written by the server (the spec's English wording), in the user's language. */
export function translateServerMessage(message: string): string {
  // The server namespace is keyed by free text, outside the typed UI keys.
  const t = i18next.t as unknown as (key: string, options: object) => string;
  return t(message, { ns: 'server', keySeparator: false, nsSeparator: false, defaultValue: message });
}
