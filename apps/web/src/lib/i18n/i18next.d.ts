import 'i18next';
import type { Resources } from './namespaces.gen.ts';

// Typed keys: t('shell.signOut') compiles, t('shell.signOutt') does not. English is the reference;
// namespaces.gen.ts types each namespace from its English file (written by `npm run area-lists`).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: Resources;
  }
}
