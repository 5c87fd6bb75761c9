import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishCommon from './locales/en/common.json';
import { NAMESPACES } from './namespaces.gen.ts';

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
 * and `server` (field messages, keyed by the contract's FIELD_MESSAGES keys; English is that record
 * itself, so it has no file). Files live in locales/<language>/<namespace>.json, listed by
 * `npm run area-lists`; English is the reference (see i18n.test.ts).
 */
export { NAMESPACES };
export type Namespace = (typeof NAMESPACES)[number];

type Tree = { [key: string]: string | Tree };
type Files = Record<string, unknown>;

/**
 * Each language is one chunk, loaded when it is needed (issue 18). The first page carries only
 * English `common` (the status pages, errors, words every screen uses); the rest of English
 * arrives beside it, before any screen is drawn (`catalogueReady`, awaited by the router).
 */
type Bundle = {
  default: Files;
  /** English only: the field messages by key, and the key of a message's text. */
  FIELD_MESSAGES?: Tree;
  fieldMessageKey?: (text: string) => string | undefined;
};
const BUNDLES: Record<Language, () => Promise<Bundle>> = {
  en: () => import('./bundles/en.ts'),
  es: () => import('./bundles/es.ts'),
  de: () => import('./bundles/de.ts'),
  it: () => import('./bundles/it.ts'),
  ru: () => import('./bundles/ru.ts'),
};
const fileOf = (files: Files, namespace: Namespace | 'server'): Tree =>
  (Object.entries(files).find(([name]) => name.endsWith(`/${namespace}.json`))?.[1] as Tree | undefined) ??
  {};

type Catalogue = Record<Namespace | 'server', Tree>;
const catalogueOf = (bundle: Bundle): Catalogue =>
  ({
    ...Object.fromEntries(NAMESPACES.map((ns) => [ns, fileOf(bundle.default, ns)])),
    // English field messages have one source, the contract's record, not a locale file.
    server: bundle.FIELD_MESSAGES ? { ...bundle.FIELD_MESSAGES } : fileOf(bundle.default, 'server'),
  }) as Catalogue;

/** The key of a field message's English text; known once the English chunk has come. */
let fieldMessageKey: (text: string) => string | undefined = () => undefined;

/** A language's whole catalogue (loading its chunk when needed); the tests read every language. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const bundle = await BUNDLES[language]();
  if (bundle.fieldMessageKey) fieldMessageKey = bundle.fieldMessageKey;
  return catalogueOf(bundle);
}

const loaded = new Map<Language, Promise<void>>();
/** Puts a language's whole catalogue into i18next once (setLanguage does; tests that translate directly too). */
export function ensureLanguage(language: Language): Promise<void> {
  let done = loaded.get(language);
  if (!done) {
    done = loadCatalogue(language).then((catalogue) => {
      for (const [namespace, tree] of Object.entries(catalogue))
        i18next.addResourceBundle(language, namespace, tree, true, true);
    });
    // A failed chunk (offline) is asked for again next time.
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}

const STORAGE_KEY = 'preffy.language';
const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

function initialLanguage(): Language {
  // The server's prerender sets each page's language itself (Node has a navigator too).
  if (!globalThis.document) return 'en';
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = globalThis.navigator?.language?.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

void i18next.use(initReactI18next).init({
  // The English field messages arrive with the rest of English (bundles/en.ts).
  resources: { en: { common: englishCommon, server: {} } },
  ns: [...NAMESPACES, 'server'],
  defaultNS: 'common',
  // A feature's screens name shared words (Cancel, table labels) without a prefix.
  fallbackNS: 'common',
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export const i18n = i18next;

/** The stored (or browser's) language, loaded: main.tsx waits for it before the first render. */
export const languageReady: Promise<void> = (async () => {
  const language = initialLanguage();
  if (language === 'en') return;
  await ensureLanguage(language);
  await i18next.changeLanguage(language);
  if (globalThis.document) document.documentElement.lang = language;
})().catch(() => undefined); // Offline or a failed chunk: the app opens in English.

/**
 * All of English (every screen's fallback), asked for as the app starts. The router waits for it
 * alongside the session, before drawing any screen; the first paint does not.
 */
export const catalogueReady = (): Promise<void> => ensureLanguage('en');
void catalogueReady();

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export async function setLanguage(language: string) {
  if (!isLanguage(language)) return;
  await ensureLanguage(language);
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/**
 * A field message (the spec's English wording, from a form's schema or the server's
 * `fieldErrors`), in the user's language: translated by its key in the contract's
 * FIELD_MESSAGES; a text that is not one shows as written. Error codes are translated by key
 * too (lib/api/client.ts). No screen is drawn before English has come (`catalogueReady`), so
 * the keys are known by the time a form shows a message.
 */
export function translateServerMessage(message: string): string {
  const key = fieldMessageKey(message);
  if (!key) return message;
  // The server namespace sits outside the typed UI keys, and its keys are flat ('form.emailInvalid').
  const t = i18next.t as unknown as (key: string, options: object) => string;
  return t(key, { ns: 'server', keySeparator: false, nsSeparator: false, defaultValue: message });
}
