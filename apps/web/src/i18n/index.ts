import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de, deServer } from './locales/de.ts';
import { en, serverMessages } from './locales/en.ts';
import { es, esServer } from './locales/es.ts';
import { it, itServer } from './locales/it.ts';
import { ru, ruServer } from './locales/ru.ts';

export const LANGUAGES = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
  ru: 'Русский',
} as const;
export type Language = keyof typeof LANGUAGES;

const enServer = Object.fromEntries(serverMessages.map((m) => [m, m]));
export const resources = {
  en: { translation: en, server: enServer },
  es: { translation: es, server: esServer },
  de: { translation: de, server: deServer },
  it: { translation: it, server: itServer },
  ru: { translation: ru, server: ruServer },
} as const;

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
