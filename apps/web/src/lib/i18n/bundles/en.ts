// English, all namespaces in one chunk: `common` is also in the first page (lib/i18n/index.ts).
export default import.meta.glob<{ [key: string]: unknown }>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
