import 'i18next';
import type { en } from './locales/en.ts';

// Typed keys: t('nav.calendar') compiles, t('nav.calender') does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
